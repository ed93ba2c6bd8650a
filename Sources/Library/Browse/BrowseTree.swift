/// The library as a tree addressed by index paths (SPEC §6), read from a ``LibraryCatalog``.
///
/// With tracks or stations in the library the root always has the same four items (a car's
/// tab bar holds four), so index paths stay stable: 0 `Library` (0 `Artists` → artist → album
/// → track, 1 `Albums` → album → track, 2 `Songs`, 3 `Genres` → genre → track, 4 `Recently
/// Played`), 1 `Playlists` → playlist → track, 2 `Podcasts & Books` → show → episode,
/// 3 `Radio` → station. A library without either has one root item, `rondo:placeholder`, that
/// says where to put music. The fixed containers' identifiers are `rondo:library`,
/// `rondo:library:artists`, `rondo:library:albums`, `rondo:library:songs`,
/// `rondo:library:genres`, `rondo:recent`, `rondo:playlists`, `rondo:spoken` and `rondo:radio`.
///
/// Resolving a path asks the catalog for one entry per component and pages fetch only their
/// own entries, so a library of any size answers in a few lookups. No I/O of its own: every
/// read goes through the catalog, and the same catalog state gives the same answers.
public struct BrowseTree: Sendable {
    let catalog: any LibraryCatalog
    let musicDirectory: String

    /// Creates a tree over `catalog`.
    /// - Parameters:
    ///   - catalog: the library's lists.
    ///   - musicDirectory: where the scanner looks for music, named by the empty-library item.
    public init(catalog: any LibraryCatalog, musicDirectory: String) {
        self.catalog = catalog
        self.musicDirectory = musicDirectory
    }

    /// A page of the children of the root (`[]`) or of the item at `path`.
    ///
    /// `offset` and `limit` page within what the content limits let through: while they are
    /// enforced only the first ``ContentLimits/itemLimit`` children can be listed. A negative
    /// `offset` or `limit` counts as 0, and an offset past the end gives no items. A track has
    /// no children.
    /// - Returns: the page, with the real number of children and whether the limits cut it.
    /// - Throws: ``BrowseError/contentLimitExceeded(path:depthLimit:)`` when the limits are
    ///   enforced and `path` has ``ContentLimits/depthLimit`` or more components;
    ///   ``BrowseError/indexOutOfRange(path:component:count:)`` when `path` names no item;
    ///   ``BrowseError/badLimits(_:)`` for limits that ``ContentLimits/validated()`` refuses;
    ///   ``BrowseError/store(_:)`` when the catalog cannot be read.
    public func children(of path: [Int], offset: Int = 0, limit: Int? = nil, limits: ContentLimits)
        throws(BrowseError) -> BrowsePage
    {
        try limits.validated().checkChildrenReachable(of: path)
        let source = try childSource(at: path)
        let total = try count(of: source)
        let window = PageWindow(total: total, offset: offset, limit: limit, limits: limits)
        var items: [BrowseItem] = []
        for node in try nodes(of: source, in: window.range) { items.append(try item(for: node)) }
        return BrowsePage(items: items, total: total, limited: window.limited)
    }

    /// The item at `path`.
    /// - Throws: ``BrowseError/contentLimitExceeded(path:depthLimit:)`` when the limits are
    ///   enforced and `path` has more than ``ContentLimits/depthLimit`` components;
    ///   ``BrowseError/indexOutOfRange(path:component:count:)`` when `path` names no item (the
    ///   root, `[]`, is not an item); the other errors of ``children(of:offset:limit:limits:)``.
    public func item(at path: [Int], limits: ContentLimits) throws(BrowseError) -> BrowseItem {
        try limits.validated().checkItemReachable(at: path)
        guard let resolved = try resolve(path) else {
            throw .indexOutOfRange(path: path, component: 0, count: try count(of: rootSource()))
        }
        return try item(for: resolved.node)
    }

    /// How many children the root (`[]`) or the item at `path` has; a track has none.
    ///
    /// An item at exactly ``ContentLimits/depthLimit`` components is reachable, so its count is
    /// given even though its children cannot be listed while the limits are enforced.
    /// - Throws: as ``item(at:limits:)``, except that `[]` is allowed.
    public func count(at path: [Int], limits: ContentLimits) throws(BrowseError) -> Int {
        try limits.validated().checkItemReachable(at: path)
        return try count(of: childSource(at: path))
    }
}
