import MPDProtocol
import Synchronization

/// `stats`'s counts of distinct artist and album names, kept until the library changes:
/// counting them reads every song (some 50 ms on 100,000), and clients ask for `stats` on
/// every connection.
///
/// Ownership: the MPD front end's, shared by its connections; the counts and the library
/// version they are of are guarded by one mutex, and counted outside it.
final class MPDNameCounts: Sendable {
    private let kept = Mutex<(version: [Double], artists: Int, albums: Int)?>(nil)

    /// The counts for the library at `version` (its last scan, its song count and length):
    /// those kept when they are of that version, else what `count` finds, then kept.
    func counts(for version: [Double], count: () throws(MPDAck) -> (Int, Int)) throws(MPDAck) -> (artists: Int, albums: Int) {
        if let known = kept.withLock({ $0 }), known.version == version { return (known.artists, known.albums) }
        let (artists, albums) = try count()
        kept.withLock { $0 = (version, artists, albums) }
        return (artists, albums)
    }
}
