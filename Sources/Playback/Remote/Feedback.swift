/// What the listener said about an item through `like`, `dislike` and `bookmark`.
///
/// Liking and disliking exclude each other: setting one clears the other. A bookmark is
/// independent of both.
public struct Feedback: Equatable, Sendable, Codable {
    /// The item is liked.
    public var liked: Bool
    /// The item is disliked.
    public var disliked: Bool
    /// The item is bookmarked.
    public var bookmarked: Bool

    /// Creates feedback; none is given by default.
    public init(liked: Bool = false, disliked: Bool = false, bookmarked: Bool = false) {
        self.liked = liked
        self.disliked = disliked
        self.bookmarked = bookmarked
    }

    /// Whether no feedback is given.
    public var isEmpty: Bool { !liked && !disliked && !bookmarked }
}
