/// A connection to somewhere playback streams can be opened: a PulseAudio server
/// (``PulseConnection``), a snapserver (``SnapcastConnection``) or the null output
/// (``NullOutputConnection``).
///
/// Threading: every requirement may be called from any thread. ``AudioServer`` owns the
/// connection: it alone makes and closes one.
protocol OutputConnection: AnyObject, Sendable {
    /// Whether the connection still works; turns false for good when the server goes away.
    var isAlive: Bool { get }

    /// Calls `react` when the connection or one of its streams fails, so an owner that
    /// looks at them only now and then hears of it at once. It is called on a thread of the
    /// connection's, which waits for it: it must return at once and take no lock held by a
    /// thread that may wait on the connection.
    func onFailure(_ react: @escaping @Sendable () -> Void)

    /// Disconnects now; idempotent. Streams of the connection stop playing, and pending
    /// requests are dropped without calling back.
    func close()

    /// Opens a stream that plays what `ring` holds.
    /// - Parameters:
    ///   - format: the stream's sample format.
    ///   - ring: the ring the stream reads; the stream is its only consumer.
    ///   - sink: the sink's name, or `nil` for the default sink.
    ///   - corked: whether the stream starts paused.
    ///   - volume: the linear volume it starts at (1 = as written).
    ///   - role: its `media.role` (`music`, `navigation`).
    ///   - properties: more properties of the stream (such as its session's id).
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when the stream cannot be opened.
    func openStream(
        format: AudioFormat, ring: SampleRing, sink: String?, corked: Bool, volume: Double, role: String,
        properties: [String: String]
    ) throws(AudioError) -> any PlaybackOutput
}
