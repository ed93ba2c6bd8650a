import Foundation

/// A playback stream that plays to nothing in real time: a ``NullSink`` takes samples from
/// the ring as fast as a sound card would play them and discards them, so everything that
/// depends on the pace of playback (positions, track changes, the end, CPU) behaves as with
/// a real sink.
///
/// Ownership: the sink's pacing thread holds the sink, not this handle; the handle's
/// release closes the sink, after which the thread never touches the ring again.
final class NullOutputStream: PlaybackOutput {
    let format: AudioFormat
    private let sink: NullSink

    /// Opens a stream reading `ring`, corked or playing.
    init(format: AudioFormat, ring: SampleRing, corked: Bool) {
        self.format = format
        sink = NullSink(format: format, ring: ring, corked: corked)
        let sink = self.sink
        let thread = Thread {
            while sink.waitWhilePaused(), sink.tick() { Thread.sleep(forTimeInterval: NullSink.tickInterval) }
        }
        thread.name = "rondo-null-out"
        thread.start()
    }

    deinit { sink.close() }

    var isHealthy: Bool { true }
    var isStarving: Bool { sink.isStarving }
    var isDrained: Bool { sink.isDrained }
    var framesHandedOver: Int { sink.framesHandedOver }
    func topUp() { sink.topUp() }
    func setCorked(_ corked: Bool) { sink.setCorked(corked) }
    func flush() { sink.flush() }
    func drain() { sink.drain() }
    func heardFrames() -> Int { sink.heardFrames() }
}
