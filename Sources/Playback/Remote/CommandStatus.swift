/// The outcome of a remote command, named as MPRemoteCommandHandlerStatus names it.
public enum CommandStatus: String, Sendable, CaseIterable {
    /// The command was carried out.
    case success
    /// The item the command asked for does not exist (e.g. next at the end of the queue).
    case noSuchContent
    /// There is nothing the command could act on (e.g. play with an empty queue).
    case noActionableNowPlayingItem
    /// The output device the command needs is not available.
    case deviceNotFound
    /// The command could not be carried out for another reason.
    case commandFailed
}
