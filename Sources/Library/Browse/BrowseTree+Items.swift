extension BrowseTree {
    /// The item that shows a catalog entry, as ``children(of:offset:limit:limits:)`` would
    /// show it; for search results.
    public func item(for entry: CatalogEntry) -> BrowseItem {
        BrowseItem(entry)
    }

    /// The item that shows `node`; a fixed container counts its list.
    func item(for node: BrowseNode) throws(BrowseError) -> BrowseItem {
        switch node {
        case .placeholder: placeholderItem
        case .fixed(let container): try item(for: container)
        case .entry(let entry): BrowseItem(entry)
        }
    }

    /// The empty library's root item: what to do to fill it.
    var placeholderItem: BrowseItem {
        BrowseItem(
            identifier: BrowseNode.placeholderIdentifier, title: "No music yet",
            subtitle: "Put MP3 files in \(musicDirectory), then run: rondo library scan",
            isContainer: false, isPlayable: false)
    }

    private func item(for container: FixedContainer) throws(BrowseError) -> BrowseItem {
        guard let list = container.list, let noun = container.countNoun else {
            return BrowseItem(
                identifier: container.identifier, title: container.title, isContainer: true, isPlayable: false)
        }
        let count = try count(list)
        return BrowseItem(
            identifier: container.identifier, title: container.title,
            subtitle: SubtitleText.counted(count, noun.one, noun.many),
            isContainer: true, isPlayable: list.holdsPlayableItems && count > 0)
    }
}
