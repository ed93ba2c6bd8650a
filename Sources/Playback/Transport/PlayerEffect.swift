/// What the daemon must do to the audio output and its listeners after a decision of
/// ``Player``. Effects are listed in the order they must be carried out.
public enum PlayerEffect: Equatable, Sendable {
    /// Open `entry`, position it at `position` seconds and start producing sound when
    /// `playing` is true (otherwise hold it ready, paused).
    case load(QueueEntry, position: Double, playing: Bool)
    /// Resume the loaded item where it was paused.
    case resume
    /// Pause the loaded item, keeping its position.
    case pause
    /// Stop producing sound and forget the loaded item.
    case stop
    /// Move the loaded item to `position` seconds (media time).
    case seek(to: Double)
    /// The entry to pre-roll after the current one ends (gapless), or `nil` for none.
    case prepareNext(QueueEntry?)
    /// The now-playing info or playback state changed: publish it.
    case nowPlayingChanged
    /// The queue's entries or current index changed: publish it.
    case queueChanged
}
