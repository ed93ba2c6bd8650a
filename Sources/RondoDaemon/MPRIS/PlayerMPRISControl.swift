import RondoMPRIS
import RondoProtocol

/// The MPRIS object's way to the player: the services the socket's `remote.send`,
/// `player.setVolume` and `queue.append` use, so that a media key is refused or obeyed
/// exactly as `rondo` would be.
struct PlayerMPRISControl: MPRISPlayerControl {
    let player: PlayerService
    let library: LibraryService

    func send(_ params: RemoteSendParams) async throws(RPCError) -> RemoteSendResult {
        try await player.send(params)
    }

    func setVolume(_ volume: Double) async throws(RPCError) {
        _ = try await player.setVolume(PlayerSetVolumeParams(volume: volume))
    }

    func open(path: String) async throws(RPCError) {
        _ = try await player.appendAndPlay(try library.resolve([path]), startingAt: 0)
    }
}
