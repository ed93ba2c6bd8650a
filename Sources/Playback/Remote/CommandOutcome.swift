/// The result of handing a ``RemoteCommand`` to the ``Player``: the status a remote gets
/// back and the effects the daemon must carry out.
public struct CommandOutcome: Equatable, Sendable {
    /// The status reported to the remote.
    public var status: CommandStatus
    /// Why the command failed, when ``status`` is `commandFailed`.
    public var reason: CommandFailureReason?
    /// What to do to the output and the listeners, in order.
    public var effects: [PlayerEffect]
    /// What to do beyond the transport (output rate, stored feedback, `remote.changed`), in
    /// order; carried out before ``effects``.
    public var remoteEffects: [RemoteEffect]

    /// Creates an outcome.
    /// - Parameters:
    ///   - status: the status for the remote.
    ///   - effects: the transport effects, in order.
    ///   - remoteEffects: the effects beyond the transport, in order.
    ///   - reason: why the command failed, if it did.
    public init(
        _ status: CommandStatus, _ effects: [PlayerEffect] = [], remoteEffects: [RemoteEffect] = [],
        reason: CommandFailureReason? = nil
    ) {
        self.status = status
        self.effects = effects
        self.remoteEffects = remoteEffects
        self.reason = reason
    }

    /// The outcome of a command that is disabled: `commandFailed`, reason `disabled`, nothing
    /// done.
    public static let disabled = CommandOutcome(.commandFailed, reason: .disabled)
}
