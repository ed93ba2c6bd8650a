import Playback

/// The player's own level over time, on the player's clock: the transport's fades (a pause,
/// stop, skip or resume that ramps instead of cutting, `[playback] fade_ms`) and the sleep
/// timer's fade over its last seconds. The level is the player's session's, under its duck
/// and the listener's volume; the player's actor sets it, and this holds what it decided.
struct PlayerFades {
    /// How long pauses, stops, skips and resumes fade, in milliseconds (0: they cut).
    let milliseconds: Int
    /// Counts fade-outs begun and ended, so a fade-out's wait knows whether it still holds.
    private(set) var ticket = 0
    /// What a fade-out in progress will do once the sound is silent.
    private(set) var pendingFadeOut: (@Sendable () -> Void)?
    /// Whether the sound was faded out for a load, and is raised once the load is handed
    /// to the engine.
    var fadedOutForLoad = false
    /// The sleep timer, when one is set.
    var sleepTimer: SleepTimer?
    /// The level the sleep timer's fade holds the music at (1: none).
    var sleepLevel = 1.0

    /// Fades of `milliseconds`.
    init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }

    /// A fade's length in seconds.
    var seconds: Double { Double(milliseconds) / 1000 }

    /// Whether a fade-out is waiting to do what it was for.
    var isFadingOut: Bool { pendingFadeOut != nil }

    /// Begins a fade-out that does `action` once silent.
    /// - Returns: its ticket, which ``isCurrent(_:)`` checks when its wait ends.
    mutating func beginFadeOut(then action: @escaping @Sendable () -> Void) -> Int {
        ticket += 1
        pendingFadeOut = action
        return ticket
    }

    /// Whether the fade-out of `ticket` still holds (nothing ended or replaced it).
    func isCurrent(_ ticket: Int) -> Bool { ticket == self.ticket }

    /// Ends the fade-out in progress, if any.
    /// - Returns: what it waited to do, for the caller to do now.
    mutating func endFadeOut() -> (@Sendable () -> Void)? {
        guard let action = pendingFadeOut else { return nil }
        pendingFadeOut = nil
        ticket += 1
        return action
    }
}
