import Library
import Synchronization

/// A catalog whose only list is Songs, of any length, made up entry by entry as it is read:
/// it shows that the tree fetches only what it needs. Song `n` has id `n`.
final class LongListCatalog: LibraryCatalog {
    let songCount: Int
    private let fetched = Mutex<(largest: Int, total: Int)>((0, 0))

    init(songs: Int) { songCount = songs }

    /// The most entries one call asked for.
    var largestFetch: Int { fetched.withLock { $0.largest } }
    /// Entries asked for, over every call.
    var totalFetched: Int { fetched.withLock { $0.total } }

    func count(_ list: CatalogList) throws(StoreError) -> Int {
        list == .songs ? songCount : 0
    }

    func entries(_ list: CatalogList, in range: Range<Int>) throws(StoreError) -> [CatalogEntry] {
        fetched.withLock { $0 = (max($0.largest, range.count), $0.total + range.count) }
        guard list == .songs else { return [] }
        return range.clamped(to: 0..<songCount).map { .track(Self.song($0)) }
    }

    func entry(forIdentifier identifier: String) throws(StoreError) -> CatalogEntry? {
        nil
    }

    func isEmpty() throws(StoreError) -> Bool { songCount == 0 }

    static func song(_ position: Int) -> CatalogTrack {
        CatalogTrack(
            id: Int64(position), identifier: "rondo:track:\(position)", path: "/m/\(position).mp3",
            title: "Song \(position)")
    }
}
