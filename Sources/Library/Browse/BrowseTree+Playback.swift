extension BrowseTree {
    /// What to queue for the item at `path`.
    ///
    /// For a track: the tracks of the list it sits in, starting at it. For a playable
    /// container: its tracks, starting at the first. A list longer than
    /// ``PlaybackSelection/maximumTrackCount`` is queued as a window of that many tracks that
    /// holds the chosen one: from it onwards, or the list's last tracks when it is near the end.
    /// - Throws: ``BrowseError/notPlayable(path:)`` for the root and for items without tracks of
    ///   their own; the errors of ``item(at:limits:)``.
    public func playback(at path: [Int], limits: ContentLimits) throws(BrowseError) -> PlaybackSelection {
        try limits.validated().checkItemReachable(at: path)
        guard let resolved = try resolve(path) else { throw .notPlayable(path: path) }
        if case .entry(.track) = resolved.node, case .list(let list) = resolved.siblings {
            guard let selection = try selection(in: list, around: resolved.position) else {
                throw .notPlayable(path: path)
            }
            return selection
        }
        guard let selection = try selection(ofContainer: resolved.node) else { throw .notPlayable(path: path) }
        return selection
    }

    /// The tracks of a container whose children are tracks, from its first; `nil` when it has
    /// none or its children are not tracks.
    func selection(ofContainer node: BrowseNode) throws(BrowseError) -> PlaybackSelection? {
        guard case .list(let list) = childSource(of: node), list.holdsTracks else { return nil }
        let tracks = try tracks(in: list, range: 0..<PlaybackSelection.maximumTrackCount)
        return tracks.isEmpty ? nil : PlaybackSelection(tracks: tracks, startIndex: 0)
    }

    /// The window of `list` that holds the track at `position`; `nil` if the list emptied
    /// since the track was found.
    private func selection(in list: CatalogList, around position: Int) throws(BrowseError) -> PlaybackSelection? {
        let window = PlaybackWindow(count: try count(list), position: position)
        let tracks = try tracks(in: list, range: window.range)
        guard !tracks.isEmpty else { return nil }
        return PlaybackSelection(tracks: tracks, startIndex: min(max(window.startIndex, 0), tracks.count - 1))
    }

    private func tracks(in list: CatalogList, range: Range<Int>) throws(BrowseError) -> [CatalogTrack] {
        try entries(list, in: range).compactMap { entry in
            if case .track(let track) = entry { track } else { nil }
        }
    }
}
