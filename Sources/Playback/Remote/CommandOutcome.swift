/// The result of handing a ``RemoteCommand`` to the ``Player``: the status a remote gets
/// back and the effects the daemon must carry out.
public struct CommandOutcome: Equatable, Sendable {
    /// The status reported to the remote.
    public var status: CommandStatus
    /// What to do, in order.
    public var effects: [PlayerEffect]

    /// Creates an outcome.
    public init(_ status: CommandStatus, _ effects: [PlayerEffect] = []) {
        self.status = status
        self.effects = effects
    }
}
