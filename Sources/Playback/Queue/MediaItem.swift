/// Something to queue: a file, and the collection (album) it belongs to when known.
public struct MediaItem: Hashable, Sendable {
    /// An absolute file path.
    public var location: String
    /// Identity of the item's album (for example a library album identifier); entries with
    /// the same collection stay together, in queue order, under `collections` shuffle.
    public var collection: String?

    /// Creates an item to queue.
    /// - Parameters:
    ///   - location: an absolute file path.
    ///   - collection: the album the item belongs to, when known.
    public init(location: String, collection: String? = nil) {
        self.location = location
        self.collection = collection
    }
}
