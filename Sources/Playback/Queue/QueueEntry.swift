/// One item of the play queue: what to play, and an identity that survives moves.
///
/// Two entries for the same file are different entries: removing or moving one never
/// touches the other, and the audio engine reports progress by ``id``.
public struct QueueEntry: Hashable, Sendable {
    /// Identity of the entry, unique within one ``PlayQueue`` for its whole life.
    public let id: UInt64
    /// What to play: an absolute file path.
    public let location: String

    /// Creates an entry.
    /// - Parameters:
    ///   - id: the entry's identity, unique within its queue.
    ///   - location: an absolute file path.
    public init(id: UInt64, location: String) {
        self.id = id
        self.location = location
    }
}
