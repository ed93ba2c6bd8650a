import Foundation

/// Moves one prompt from its decoder through a ``SampleRing`` into its ``PlaybackOutput``
/// and waits until the output has played it out; runs on the thread that plays the prompt.
///
/// The stream's consumer is the ring's only consumer (``PlaybackOutput``'s threading
/// rules); this feed is its only producer, and tops the stream up when the callback found
/// the ring empty.
struct PromptFeed {
    /// How long the server may take no audio (or not finish draining) before the prompt is
    /// given up: long enough for any scheduling hiccup, short enough that a stream held
    /// corked does not block its caller for good. A prompt waiting for the network is not
    /// stalled: its source gives up by its own timeout.
    static let stallLimit: Duration = .seconds(5)

    /// How often the feed looks at the ring.
    private static let wakeInterval = 0.02

    let decoder: any AudioDecoder
    let ring: SampleRing
    let stream: any PlaybackOutput
    let connection: any OutputConnection
    /// Whether to stop at once (the one who asked for the prompt is gone).
    let shouldStop: @Sendable () -> Bool

    /// Feeds the whole sound, then drains the stream; returns early once ``shouldStop``
    /// says so (the stream then closes and the sound stops).
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` from the decoder;
    ///   ``AudioError/pulseUnavailable(_:)`` when the stream is lost or stalls.
    func run() throws(AudioError) {
        var atEnd = false
        var progress = (frames: stream.framesHandedOver, time: ContinuousClock.now)
        while !atEnd || ring.available > 0 {
            if shouldStop() { return }
            try checkHealth()
            if !atEnd { atEnd = try fillRing() }
            if stream.isStarving, ring.available > 0 { stream.topUp() }
            if stream.framesHandedOver != progress.frames || decoder.waitsForInput {
                progress = (stream.framesHandedOver, .now)
            } else if ContinuousClock.now - progress.time > Self.stallLimit {
                throw .pulseUnavailable("the server stopped taking the prompt's audio")
            }
            Thread.sleep(forTimeInterval: Self.wakeInterval)
        }
        stream.drain()
        let deadline = ContinuousClock.now + Self.stallLimit
        while !stream.isDrained {
            if shouldStop() { return }
            try checkHealth()
            guard ContinuousClock.now < deadline else { throw .pulseUnavailable("the prompt's stream did not drain") }
            Thread.sleep(forTimeInterval: Self.wakeInterval)
        }
    }

    /// Decodes into the ring until it is full or the decoder is done.
    /// - Returns: whether the decoder is done.
    private func fillRing() throws(AudioError) -> Bool {
        let channels = decoder.format.channels
        while true {
            let region = ring.writableRegion()
            let usable = region.count - region.count % channels
            guard usable > 0, !decoder.waitsForInput else { return false }
            let count = try decoder.read(into: UnsafeMutableBufferPointer(rebasing: region[..<usable]))
            guard count > 0 else { return true }
            ring.commitWrite(count)
        }
    }

    private func checkHealth() throws(AudioError) {
        guard connection.isAlive, stream.isHealthy else {
            throw .pulseUnavailable("the audio server or sink went away during the prompt")
        }
    }
}
