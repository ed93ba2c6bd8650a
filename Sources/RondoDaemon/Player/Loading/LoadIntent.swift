/// What the player wants of the load in flight, which it may change while the file is
/// opened: play or hold it paused, and from where. Guarded by the ``TrackLoader``'s lock,
/// which the loader holds while it hands a track to the engine, so a pause or a stop
/// decided meanwhile either reaches the load or follows it.
struct LoadIntent {
    /// The newest load asked for; a load with another ticket is stale.
    var ticket = 0
    /// Whether the newest load has yet to reach the engine.
    var pending = false
    /// Whether it should play once loaded.
    var playing = false
    /// Where in the track it should start, in seconds.
    var position = 0.0
    /// Set once the player shuts down: nothing reaches the engine any more.
    var closed = false
}
