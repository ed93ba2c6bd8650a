/// One saved queue entry: its identity and what it plays.
public struct SavedQueueEntry: Equatable, Hashable, Sendable {
    /// The queue entry's identity (Playback's `QueueEntry.id`); unique within a saved queue.
    public var id: UInt64
    /// The absolute path of the file it plays; any Unicode is kept exactly.
    public var path: String
    /// The collection (album) it belongs to for collection shuffle, or `nil` when unknown.
    public var collection: String?

    /// Creates a saved entry.
    /// - Parameters:
    ///   - id: the entry's identity, unique within its queue.
    ///   - path: the absolute path of the file.
    ///   - collection: the entry's collection, if known.
    public init(id: UInt64, path: String, collection: String? = nil) {
        self.id = id
        self.path = path
        self.collection = collection
    }
}
