/// What the listener said about a track with the `like`, `dislike` and `bookmark` commands.
///
/// Feedback belongs to the track (its file, later its library track), not to a queue entry:
/// it outlives the queue, and two entries of the same file share it.
public struct TrackFeedback: Equatable, Hashable, Sendable {
    /// Set by `like`.
    public var liked: Bool
    /// Set by `dislike`.
    public var disliked: Bool
    /// Set by `bookmark`.
    public var bookmarked: Bool

    /// No feedback at all; saving it deletes the track's feedback row.
    public static let none = TrackFeedback()

    /// Creates feedback.
    /// - Parameters:
    ///   - liked: whether the track is liked.
    ///   - disliked: whether the track is disliked.
    ///   - bookmarked: whether the track is bookmarked.
    public init(liked: Bool = false, disliked: Bool = false, bookmarked: Bool = false) {
        self.liked = liked
        self.disliked = disliked
        self.bookmarked = bookmarked
    }
}
