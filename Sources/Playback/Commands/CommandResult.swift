/// What a remote command came to, as the player answers every front end: its status, and
/// why it failed when it did.
public struct CommandResult: Sendable, Equatable {
    /// The command's status.
    public var status: CommandStatus
    /// Why it failed, when it did.
    public var reason: CommandFailureReason?

    /// A result of `status`, failed for `reason`.
    public init(_ status: CommandStatus, reason: CommandFailureReason? = nil) {
        self.status = status
        self.reason = reason
    }
}
