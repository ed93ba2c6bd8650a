import Library
import Synchronization

/// A ``LibraryCatalog`` held in memory, its lists built once from a ``CatalogFixture`` in the
/// documented orders. It records every read, so tests can check how much the tree fetched,
/// and can be told to fail every read.
final class InMemoryCatalog: LibraryCatalog {
    /// One call to ``entries(_:in:)``.
    struct Fetch: Equatable {
        var list: CatalogList
        var range: Range<Int>
    }

    let lists: [CatalogList: [CatalogEntry]]
    let byIdentifier: [String: CatalogEntry]
    let tracks: [CatalogTrack]
    private let failure: StoreError?
    private let fetches = Mutex<[Fetch]>([])

    init(_ fixture: CatalogFixture, failing failure: StoreError? = nil) {
        let built = CatalogBuilder(fixture)
        lists = built.lists
        tracks = built.tracks
        byIdentifier = Dictionary(
            built.lists.values.joined().map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        self.failure = failure
    }

    /// Every ``entries(_:in:)`` call so far, in order.
    var recordedFetches: [Fetch] { fetches.withLock { $0 } }

    func forgetFetches() { fetches.withLock { $0.removeAll() } }

    func count(_ list: CatalogList) throws(StoreError) -> Int {
        if let failure { throw failure }
        return lists[list]?.count ?? 0
    }

    func entries(_ list: CatalogList, in range: Range<Int>) throws(StoreError) -> [CatalogEntry] {
        if let failure { throw failure }
        fetches.withLock { $0.append(Fetch(list: list, range: range)) }
        let all = lists[list] ?? []
        return Array(all[range.clamped(to: all.indices)])
    }

    func entry(forIdentifier identifier: String) throws(StoreError) -> CatalogEntry? {
        if let failure { throw failure }
        return byIdentifier[identifier]
    }

    func isEmpty() throws(StoreError) -> Bool {
        if let failure { throw failure }
        return tracks.isEmpty
    }
}
