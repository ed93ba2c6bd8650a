/// A kind of advisory, sent at most once per activation of a session.
enum Advisory: Hashable, Sendable {
    /// A `voicePrompt` session held active without sound past the prompt hold.
    case silentPrompt
    /// A session activated at launch that has played nothing past the prompt hold.
    case idleAtLaunch
}
