import Audio
import Playback

/// What the ``TrackLoader`` tells the player, in the order it happened. Each result carries
/// the ticket of the request it answers: a load or pre-roll asked for again since is
/// newer, and the player drops the older result.
enum LoaderNotice: Sendable {
    /// The file at `path` was described (its library row or tags read). A fact about the
    /// file, kept whichever request asked for it.
    case described(path: String, TrackDescription)
    /// The item at `path` (a podcast episode) has these chapters, found apart from the rest
    /// of its description (in its feed's chapters document): they join what is known of it.
    case chaptersFound(path: String, [Chapter])
    /// The load of `ticket` reached the engine: entry `entryID` plays, or waits paused.
    case loaded(ticket: Int, entryID: UInt64)
    /// The load of `ticket` could not open entry `entryID`'s file or stream (the error says why).
    case loadFailed(ticket: Int, entryID: UInt64, AudioError)
    /// The load of `ticket` found no output to play to.
    case outputMissing(ticket: Int, reason: String)
    /// The pre-roll of `ticket` could not open entry `entryID`'s file.
    case prepareFailed(ticket: Int, entryID: UInt64, reason: String)
    /// What a waiter waited for (``TrackLoader/caughtUp()``, ``TrackLoader/settled()``) is
    /// done and told: it resumes once the player has handled the notices before this one.
    case caughtUp(CheckedContinuation<Void, Never>)
}
