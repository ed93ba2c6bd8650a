import Playback
import RondoMPRIS
import RondoProtocol

/// The MPRIS object's way to the player: the services the socket's `remote.send`,
/// `player.setVolume` and `queue.append` use, so that a media key is refused or obeyed
/// exactly as `rondo` would be.
struct PlayerMPRISControl: MPRISPlayerControl {
    let player: PlayerService
    let library: LibraryService

    func send(_ params: RemoteSendParams) async throws(RPCError) -> RemoteSendResult {
        let command = try RemoteCommand(params)
        return RemoteSendResult(try await RPCError.wording { () throws(PlayerCommandError) in try await player.send(command) })
    }

    func setVolume(_ volume: Double) async throws(RPCError) {
        _ = try await RPCError.wording { () throws(PlayerCommandError) in try await player.setVolume(.to(volume)) }
    }

    func open(path: String) async throws(RPCError) {
        let items = try library.resolve([path])
        _ = try await RPCError.wording { () throws(PlayerCommandError) in try await player.appendAndPlay(items, startingAt: 0) }
    }
}
