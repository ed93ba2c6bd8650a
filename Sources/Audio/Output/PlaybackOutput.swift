/// One playback stream fed from a ``SampleRing``: what the engine and the prompt feed need
/// of an output, whether the samples go to a PulseAudio server (``PulseStream``) or nowhere,
/// at the pace of a real sink (``NullOutputStream``).
///
/// Threading: the stream's own consumer (PulseAudio's write callback, the null output's
/// pacing thread) is the ring's only reader; every requirement here may be called from any
/// other thread, and the producer (the decode thread, a prompt's feed) is the only writer.
/// ``flush()`` resets the ring, so its caller must hold the producer off.
protocol PlaybackOutput: AnyObject, Sendable {
    /// The sample format the stream was opened with; it never changes.
    var format: AudioFormat { get }

    /// Whether the stream still plays to its sink; false once the sink or the stream is gone.
    var isHealthy: Bool { get }

    /// Whether the consumer ran out of samples since the last top-up.
    var isStarving: Bool { get }

    /// Whether the drain asked for by ``drain()`` has completed.
    var isDrained: Bool { get }

    /// Frames handed to the sink since creation or the last ``flush()``.
    var framesHandedOver: Int { get }

    /// Hands over at once whatever the sink can take now; the producer calls it after it
    /// refilled a starving ring.
    func topUp()

    /// Pauses (`true`) or resumes (`false`) the sound at once, keeping what is buffered.
    func setCorked(_ corked: Bool)

    /// Drops everything buffered, in the ring and at the sink, so the next samples written
    /// are heard next; the caller holds the producer off.
    func flush()

    /// Asks the sink to play out what it holds; ``isDrained`` turns true when it has.
    func drain()

    /// Frames handed over since creation or the last ``flush()`` that the listener has heard.
    func heardFrames() -> Int
}
