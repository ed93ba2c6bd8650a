import Synchronization

/// The now-playing state as the player last computed it, with the queue entry it describes
/// and a version that grows with every store, read without the player's actor: a front end
/// that keeps a form of it of its own (the JSON socket's encoded reply) makes that form
/// again only when the version moved.
///
/// Ownership: the player's actor stores; anyone reads.
public final class PublishedPlayerNowPlaying: Sendable {
    /// One publication.
    public struct Publication: Sendable, Equatable {
        /// Grows by one with every store; 0 before the first.
        public var version: UInt64
        /// The now-playing state.
        public var nowPlaying: PlayerNowPlaying
        /// The queue entry it describes (the output's source id while it plays).
        public var entryID: UInt64?
    }

    private let current = Mutex(Publication(version: 0, nowPlaying: PlayerNowPlaying(), entryID: nil))

    /// Nothing published yet: a stopped player with nothing current.
    public init() {}

    /// Publishes `nowPlaying`, describing queue entry `entryID`.
    public func store(_ nowPlaying: PlayerNowPlaying, entryID: UInt64?) {
        current.withLock { $0 = Publication(version: $0.version + 1, nowPlaying: nowPlaying, entryID: entryID) }
    }

    /// The publication last stored.
    public func load() -> Publication { current.withLock { $0 } }
}
