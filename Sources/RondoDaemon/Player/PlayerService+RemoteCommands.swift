import Audio
import Playback

/// Remote commands: each decided by the player, admitted by the audio session and applied;
/// a track to load is the loader's, so a command never waits for a file to open.
extension PlayerService {
    /// Carries out a remote command from a front end: the output is connected first, off the
    /// actor (``connectOutput()``), then the command is carried out.
    func send(_ command: RemoteCommand) async throws(PlayerCommandError) -> CommandResult {
        await connectOutput()
        return try carryOut(command)
    }

    /// Carries out a remote command and returns its status; a refusal of the audio session
    /// other than a call's or the policy's is thrown. A track it loads with no output
    /// connected fails it with `pulseUnavailable` (``load(_:position:playing:)``).
    func carryOut(_ command: RemoteCommand) throws(PlayerCommandError) -> CommandResult {
        observeOutput()
        // Pausing or stopping while the audio server is away means it should not resume
        // playback when it returns.
        if [.pause, .stop, .togglePlayPause].contains(command.kind) { recovery.cancel() }
        let rateBefore = player.rate
        var trial = player
        let outcome = trial.handle(command, at: now())
        if let refusal = admit(trial) { return try Self.refused(refusal) }
        adopt(trial)
        apply(outcome.remoteEffects)
        let failure = apply(outcome.effects)
        if let failure { return failure }
        if case .changePlaybackRate = command, outcome.status == .success { keepSpokenWordRate(changedFrom: rateBefore) }
        return CommandResult(outcome.status, reason: outcome.reason)
    }

    /// Every remote command with its enabled flag and properties.
    func remoteCommands() -> [RemoteCommandState] {
        player.remoteCommands
    }

    /// Enables or disables a remote command.
    func setEnabled(_ enabled: Bool, for command: RemoteCommandKind) {
        let outcome = player.setEnabled(enabled, for: command, at: now())
        apply(outcome.remoteEffects)
        apply(outcome.effects)
    }
}
