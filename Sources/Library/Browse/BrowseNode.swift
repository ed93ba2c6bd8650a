/// An item of the browse tree, before it is turned into a ``BrowseItem``.
enum BrowseNode: Equatable {
    /// The one root item of an empty library.
    case placeholder
    case fixed(FixedContainer)
    case entry(CatalogEntry)

    /// The identifier of the empty library's root item.
    static let placeholderIdentifier = "rondo:placeholder"
}

/// Where the children of the root or of an item come from.
enum ChildSource: Equatable {
    /// Children known without asking the catalog.
    case nodes([BrowseNode])
    /// The entries of a catalog list, by position.
    case list(CatalogList)

    /// No children: a track or the placeholder.
    static let leaf = ChildSource.nodes([])
}

/// An item found by index path, with the children it sits among.
struct ResolvedNode {
    var node: BrowseNode
    /// The children of the item above it (or of the root), `node` among them.
    var siblings: ChildSource
    /// Where `node` sits among ``siblings``.
    var position: Int
}
