/// The remote-command center: which commands are enabled, and the fixed properties the
/// commands publish (SPEC §4).
///
/// Every command starts enabled. A disabled command is not executed: the player answers it
/// with ``CommandOutcome/disabled``.
public struct RemoteCommandCenter: Sendable, Equatable {
    /// The rates `changePlaybackRate` accepts, slowest first.
    public static let supportedPlaybackRates: [Double] = [0.5, 1.0, 1.5, 2.0]
    /// The titles a remote shows for the feedback commands.
    public static let feedbackTitles: [RemoteCommandKind: String] = [
        .like: "Like", .dislike: "Dislike", .bookmark: "Bookmark",
    ]

    private var disabled: Set<RemoteCommandKind> = []

    /// Creates a center with every command enabled.
    public init() {}

    /// Whether `command` is enabled.
    public func isEnabled(_ command: RemoteCommandKind) -> Bool {
        !disabled.contains(command)
    }

    /// Enables or disables `command`.
    /// - Returns: whether the flag changed.
    mutating func setEnabled(_ enabled: Bool, for command: RemoteCommandKind) -> Bool {
        guard enabled != isEnabled(command) else { return false }
        if enabled { disabled.remove(command) } else { disabled.insert(command) }
        return true
    }
}
