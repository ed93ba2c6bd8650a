/// A file the engine should play, with the identity it reports progress under.
public struct TrackSource: Equatable, Sendable {
    /// The identity used in ``EngineEvent``s (a queue entry's identity).
    public let id: UInt64
    /// Absolute path of the MP3 file.
    public let path: String

    /// Creates a source.
    public init(id: UInt64, path: String) {
        self.id = id
        self.path = path
    }
}
