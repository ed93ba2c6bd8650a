/// One item of the play queue: what to play, and an identity that survives moves.
///
/// Two entries for the same file are different entries: removing or moving one never
/// touches the other, and the audio engine reports progress by ``id``.
public struct QueueEntry: Hashable, Sendable, Codable {
    /// Identity of the entry, unique within one ``PlayQueue`` for its whole life.
    public let id: UInt64
    /// What to play: an absolute file path.
    public let location: String
    /// Identity of the collection (album) the item belongs to, when the queuer knows it;
    /// `collections` shuffle keeps entries of one collection together.
    public let collection: String?

    /// Creates an entry.
    /// - Parameters:
    ///   - id: the entry's identity, unique within its queue.
    ///   - location: an absolute file path.
    ///   - collection: the album the item belongs to, when known.
    public init(id: UInt64, location: String, collection: String? = nil) {
        self.id = id
        self.location = location
        self.collection = collection
    }
}
