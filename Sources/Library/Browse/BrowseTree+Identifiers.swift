extension BrowseTree {
    /// The item with `identifier`: a fixed container (`rondo:library`, …), the empty library's
    /// `rondo:placeholder`, or a catalog record (a station among them). Content limits do not
    /// apply: the identifier was already reached.
    /// - Throws: ``BrowseError/notFound(identifier:)`` when nothing has it (the placeholder
    ///   exists only while the library is empty); ``BrowseError/store(_:)``.
    public func item(forIdentifier identifier: String) throws(BrowseError) -> BrowseItem {
        try item(for: node(forIdentifier: identifier))
    }

    /// What to queue for the item with `identifier`: a track or a station alone, a chapter's
    /// track from the chapter's start, or the items
    /// of a playable container from its first (at most ``PlaybackSelection/maximumTrackCount``).
    /// - Throws: ``BrowseError/nothingToPlay(identifier:)`` for an item without tracks of its
    ///   own (a fixed list of containers, an artist, the placeholder, an empty playlist);
    ///   ``BrowseError/notFound(identifier:)``; ``BrowseError/store(_:)``.
    public func playback(forIdentifier identifier: String) throws(BrowseError) -> PlaybackSelection {
        let node = try node(forIdentifier: identifier)
        if case .entry(.chapter(let chapter)) = node { return PlaybackSelection(chapter: chapter) }
        if case .entry(let entry) = node, let item = PlaybackItem(entry) {
            return PlaybackSelection(items: [item], startIndex: 0)
        }
        guard let selection = try selection(ofContainer: node) else { throw .nothingToPlay(identifier: identifier) }
        return selection
    }

    private func node(forIdentifier identifier: String) throws(BrowseError) -> BrowseNode {
        if let container = FixedContainer.allCases.first(where: { $0.identifier == identifier }) {
            return .fixed(container)
        }
        if identifier == BrowseNode.placeholderIdentifier, try isLibraryEmpty() { return .placeholder }
        guard let entry = try entry(forIdentifier: identifier) else { throw .notFound(identifier: identifier) }
        return .entry(entry)
    }
}
