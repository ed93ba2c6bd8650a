import Library
import Playback

/// What the player remembers between decisions about the listener and the library: the
/// container the queue was started from, the entry last recorded as played, and the
/// library tracks of the queue's files.
struct ListeningRecord {
    /// Identifier of the library container `library.play` queued, for `nowPlayingIdentifiers`.
    var container: String?
    /// The entry whose play was last recorded in the history.
    var recordedEntry: UInt64?
    /// Library tracks looked up by path (`nil`: not in the library), for the queue's files.
    var tracks: [String: CatalogTrack?] = [:]
}
