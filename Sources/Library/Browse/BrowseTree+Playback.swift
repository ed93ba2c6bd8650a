extension BrowseTree {
    /// What to queue for the item at `path`.
    ///
    /// For a track: the tracks of the list it sits in, starting at it; for a station, the
    /// stations of `Radio`, starting at it; for a chapter, its track alone from the chapter's
    /// start. For a playable container: its items, starting at the first (a podcast: at its
    /// newest episode not played yet; a book whose
    /// children are its file's chapters: that file, from its resume point). A list longer than ``PlaybackSelection/maximumTrackCount`` is queued as a
    /// window of that many items that holds the chosen one: from it onwards, or the list's
    /// last items when it is near the end.
    /// - Throws: ``BrowseError/notPlayable(path:)`` for the root and for items without tracks of
    ///   their own; the errors of ``item(at:limits:)``.
    public func playback(at path: [Int], limits: ContentLimits) throws(BrowseError) -> PlaybackSelection {
        try limits.validated().checkItemReachable(at: path)
        guard let resolved = try resolve(path) else { throw .notPlayable(path: path) }
        if case .entry(.chapter(let chapter)) = resolved.node { return PlaybackSelection(chapter: chapter) }
        if case .entry(let entry) = resolved.node, PlaybackItem(entry) != nil, case .list(let list) = resolved.siblings {
            guard let selection = try selection(in: list, around: resolved.position) else {
                throw .notPlayable(path: path)
            }
            return selection
        }
        guard let selection = try selection(ofContainer: resolved.node) else { throw .notPlayable(path: path) }
        return selection
    }

    /// The items of a container whose children are tracks or stations, from its first (a
    /// show's tracks, also when its children are its one file's chapters); `nil` when it has
    /// none or its children are containers.
    func selection(ofContainer node: BrowseNode) throws(BrowseError) -> PlaybackSelection? {
        let source = if case .entry(.show(let show)) = node { ChildSource.list(.tracksOfShow(show.id)) } else { childSource(of: node) }
        guard case .list(let list) = source, list.holdsPlayableItems else { return nil }
        let items = try playableItems(in: list, range: 0..<PlaybackSelection.maximumTrackCount)
        guard !items.isEmpty else { return nil }
        // A podcast starts at its newest episode not yet played, as a listener expects.
        let unplayed = items.firstIndex { item in
            guard case .track(let track) = item, let episode = track.episode else { return false }
            return !episode.played
        }
        return PlaybackSelection(items: items, startIndex: unplayed ?? 0)
    }

    /// The window of `list` that holds the item at `position`; `nil` if the list emptied
    /// since the item was found.
    private func selection(in list: CatalogList, around position: Int) throws(BrowseError) -> PlaybackSelection? {
        let window = PlaybackWindow(count: try count(list), position: position)
        let items = try playableItems(in: list, range: window.range)
        guard !items.isEmpty else { return nil }
        return PlaybackSelection(items: items, startIndex: min(max(window.startIndex, 0), items.count - 1))
    }

    private func playableItems(in list: CatalogList, range: Range<Int>) throws(BrowseError) -> [PlaybackItem] {
        try entries(list, in: range).compactMap(PlaybackItem.init)
    }
}
