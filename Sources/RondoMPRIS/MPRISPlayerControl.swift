public import RondoProtocol

/// How the MPRIS object reaches the player: the same services, command center and arbiter
/// the socket's methods use. The daemon conforms to it; the MPRIS side never decides
/// playback itself.
public protocol MPRISPlayerControl: Sendable {
    /// `remote.send`: a command's status, `success` or why it was refused.
    func send(_ params: RemoteSendParams) async throws(RPCError) -> RemoteSendResult
    /// `player.setVolume` to `volume` (0 to 1).
    func setVolume(_ volume: Double) async throws(RPCError)
    /// Appends the file at `path` to the queue and plays it.
    func open(path: String) async throws(RPCError)
}
