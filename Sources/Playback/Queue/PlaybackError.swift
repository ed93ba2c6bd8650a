/// Why a queue or transport request cannot be carried out.
public enum PlaybackError: Error, Equatable, Sendable {
    /// A queue index that does not exist; `count` is the queue's length.
    case indexOutOfRange(Int, count: Int)
}
