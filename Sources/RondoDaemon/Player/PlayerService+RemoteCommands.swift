import Audio
import Playback
import RondoProtocol

/// Remote commands: each decided by the player, admitted by the audio session, answered
/// once accepted, and its engine work carried out after the reply when it loads a track.
extension PlayerService {
    /// Carries out a remote command and returns its status.
    /// - Throws: invalid params when the command lacks a param it needs.
    func send(_ params: RemoteSendParams) throws(RPCError) -> RemoteSendResult {
        observeOutput()
        // Pausing or stopping while the audio server is away means it should not resume
        // playback when it returns.
        if [.pause, .stop, .togglePlayPause].contains(params.command) { recovery.cancel() }
        let command = try RemoteCommand(params)
        var trial = player
        let outcome = trial.handle(command, at: now())
        if let refusal = admit(trial) { return try Self.refused(refusal) }
        player = trial
        apply(outcome.remoteEffects)
        let failure = applyAccepted(outcome.effects)
        if let failure { return failure }
        return RemoteSendResult(status: RemoteCommandStatus(outcome.status), reason: outcome.reason.map(CommandFailureReasonName.init))
    }

    /// Applies a command's effects; a track to load, with the output connected, is loaded
    /// after the command is answered.
    ///
    /// Opening a decoder and pre-rolling the first quarter second take longer than any
    /// decision, so a command that loads is answered once it is accepted: the news it
    /// makes (`nowPlaying.changed`, `queue.changed`) and the saved state go out first, the
    /// loads follow in order (``runAcceptedWork()``) once the reply is written
    /// (``AfterReply``), ahead of any later effects, and a file that then fails to open is
    /// skipped with events of its own. Without a
    /// connection the effects run at once, so `deviceNotFound` is still answered.
    func applyAccepted(_ effects: [PlayerEffect]) -> RemoteSendResult? {
        guard engine.isConnected, effects.contains(where: \.isLoad) else { return apply(effects) }
        runAcceptedWork()
        for effect in effects {
            switch effect {
            case .nowPlayingChanged, .queueChanged: announce(effect)
            default: acceptedWork.append(effect)
            }
        }
        persist()
        AfterReply.run { Task { await self.runAcceptedWork() } }
        return nil
    }

    /// Carries out the engine work of commands already answered, if any is left.
    func runAcceptedWork() {
        guard !acceptedWork.isEmpty else { return }
        let work = acceptedWork
        acceptedWork = []
        apply(work)
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
