/// What asking another program's MPRIS player to pause came to (SPEC §16): the caller mutes
/// the program's stream unless it was paused.
public enum ForeignPauseOutcome: Sendable, Equatable {
    /// The player (this bus name) reported `Paused` in time; Rondo may play it again later.
    case paused(player: String)
    /// The player was playing and did not report `Paused` in time.
    case keptPlaying(player: String)
    /// No player of the process or its ancestors was playing (or no session bus answers).
    case noPlayer
}
