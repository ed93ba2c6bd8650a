import Focus

/// The daemon's own player as a session: `rondo.player`, category `playback`, mode
/// `spokenAudio` while a spoken-word item is current, else `default`.
extension SessionService {
    /// The player's configuration for the kind of item that is current.
    static func playerConfiguration(spokenAudio: Bool) -> SessionConfiguration {
        // Neither combination can be refused: playback supports both modes without options.
        try! SessionConfiguration(category: .playback, mode: spokenAudio ? .spokenAudio : .default)
    }

    /// The player's session now.
    var playerSession: FocusSession? { state.session(Self.playerSession) }

    /// Whether the player's session is active (possibly ducked).
    var playerIsActive: Bool { playerSession?.state.isActive ?? false }

    /// Activates the player's session in the mode the current item calls for, before the
    /// player makes a sound.
    /// - Returns: the arbiter's refusal (`insufficientPriority` during a call), if any.
    func activatePlayer(spokenAudio: Bool) -> FocusError? {
        setPlayerMode(spokenAudio: spokenAudio)
        guard !playerIsActive else { return nil }
        return decide(.activate(Self.playerSession))
    }

    /// Switches the player's mode when the current item changes kind.
    func setPlayerMode(spokenAudio: Bool) {
        let wanted = Self.playerConfiguration(spokenAudio: spokenAudio)
        guard let session = playerSession, session.configuration != wanted else { return }
        decide(.configure(Self.playerSession, wanted))
    }

    /// Releases the player's session, telling others they may resume.
    func releasePlayer() {
        guard playerIsActive else { return }
        decide(.deactivate(Self.playerSession, notifyOthers: true))
    }
}
