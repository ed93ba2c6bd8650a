/// A connection to somewhere playback streams can be opened: a PulseAudio server
/// (``PulseConnection``) or the null output (``NullOutputConnection``).
///
/// Threading: every requirement may be called from any thread.
protocol OutputConnection: AnyObject, Sendable {
    /// Whether the connection still works; turns false for good when the server goes away.
    var isAlive: Bool { get }

    /// Whether the server still answers a request within `seconds`. A stream lost while the
    /// connection looks alive may be the first sign of the server going away (pipewire-pulse
    /// drops its streams as it stops, then closes its connections): this tells that apart
    /// from a sink removed under a running server.
    func answers(within seconds: Double) -> Bool
    /// Calls `react` when the connection or one of its streams fails, so an owner that
    /// looks at them only now and then hears of it at once. It is called on a thread of the
    /// connection's, which waits for it: it must return at once and take no lock held by a
    /// thread that may wait on the connection.
    func onFailure(_ react: @escaping @Sendable () -> Void)

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
