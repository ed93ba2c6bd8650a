/// The status of a remote command (SPEC §4), as MPRemoteCommandHandlerStatus names it: what
/// `remote.send` and `library.play` answer.
public enum RemoteCommandStatus: String, WireName {
    /// The command was carried out.
    case success
    /// There is nothing to go to (the end of the queue with repeat off).
    case noSuchContent
    /// There is nothing to act on (`play` with an empty queue).
    case noActionableNowPlayingItem
    /// The output device is missing (no audio server).
    case deviceNotFound
    /// The command was not carried out; `reason` says why.
    case commandFailed
}
