/// What the ``PlaybackEngine`` tells its owner about what the listener hears.
public enum EngineEvent: Equatable, Sendable {
    /// The listener now hears the start of the pre-rolled source with this identity.
    case advanced(to: UInt64)
    /// Everything loaded has been heard to the end, and nothing was prepared next.
    case reachedEnd
    /// The source with this identity cannot be decoded (`reason` says why).
    case failed(UInt64, reason: String)
    /// The stream stopped playing (`reason` says how) and the engine let go of it: nothing
    /// is loaded. Why it stopped (the server lost, a sink removed) is the ``AudioServer``'s
    /// to report.
    case outputLost(String)
    /// Sound waits for a stream's bytes (`true`, the stream corked rather than fed
    /// silence), or plays on (`false`).
    case buffering(Bool)
    /// The listener now hears what the source with this identity said about its content
    /// (a station's `StreamTitle`, its `icy-name`).
    case metadata(UInt64, [String: String])
}

/// An ``EngineEvent`` stamped with the engine's generation when it happened.
///
/// Every ``PlaybackEngine/load(_:position:playing:)``, ``PlaybackEngine/seek(to:)`` and
/// ``PlaybackEngine/stop()`` starts a new generation; a notice from an older one describes
/// audio that has since been replaced and should be ignored.
public struct EngineNotice: Equatable, Sendable {
    /// What happened.
    public var event: EngineEvent
    /// The generation it happened in.
    public var generation: Int

    /// A notice of `event` in `generation`.
    public init(event: EngineEvent, generation: Int) {
        self.event = event
        self.generation = generation
    }
}
