/// One prompt-style rule: while any active session matches `when`, prompts sound as `style`.
public struct PromptStyleRule: Sendable, Equatable {
    /// The sessions whose activity sets the style.
    public var when: SessionPredicate
    /// The style while one of them is active.
    public var style: PromptStyle

    /// A rule from its parts.
    /// - Parameters:
    ///   - when: the sessions whose activity sets the style.
    ///   - style: the style while one of them is active.
    public init(when: SessionPredicate, style: PromptStyle) {
        self.when = when
        self.style = style
    }
}
