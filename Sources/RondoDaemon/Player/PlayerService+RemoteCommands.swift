import Audio
import Playback
import RondoProtocol

/// Remote commands: each decided by the player, admitted by the audio session and applied;
/// a track to load is the loader's, so a command never waits for a file to open.
extension PlayerService {
    /// Carries out a remote command and returns its status.
    /// - Throws: invalid params when the command lacks a param it needs.
    func send(_ params: RemoteSendParams) throws(RPCError) -> RemoteSendResult {
        observeOutput()
        // Pausing or stopping while the audio server is away means it should not resume
        // playback when it returns.
        if [.pause, .stop, .togglePlayPause].contains(params.command) { recovery.cancel() }
        let command = try RemoteCommand(params)
        let rateBefore = player.rate
        var trial = player
        let outcome = trial.handle(command, at: now())
        if let refusal = admit(trial) { return try Self.refused(refusal) }
        adopt(trial)
        apply(outcome.remoteEffects)
        let failure = apply(outcome.effects)
        if let failure { return failure }
        if case .changePlaybackRate = command, outcome.status == .success { keepSpokenWordRate(changedFrom: rateBefore) }
        return RemoteSendResult(status: RemoteCommandStatus(outcome.status), reason: outcome.reason.map(CommandFailureReasonName.init))
    }

    /// Every remote command with its enabled flag and properties.
    func remoteCommands() -> [RemoteCommandInfo] {
        player.remoteCommands.map(RemoteCommandInfo.init)
    }

    /// Enables or disables a remote command.
    func setEnabled(_ enabled: Bool, for command: RemoteCommandName) {
        let outcome = player.setEnabled(enabled, for: RemoteCommandKind(command), at: now())
        apply(outcome.remoteEffects)
        apply(outcome.effects)
    }
}
