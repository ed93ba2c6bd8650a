import Playback

/// What the player remembers between decisions about the listener and the library: the
/// container the queue was started from and the entry last recorded as played.
struct ListeningRecord {
    /// Identifier of the library container `library.play` queued, for `nowPlayingIdentifiers`.
    var container: String?
    /// The entry whose play was last recorded in the history.
    var recordedEntry: UInt64?
}
