import CFFmpeg

/// One stream's part of the Snapcast feed: its ring, resampled to the feed's 48 kHz
/// stereo by libswresample into a FIFO from which the mixer takes what each tick needs.
///
/// Ownership: every field is touched under the ``SnapcastConnection``'s lock, by the
/// feed's thread (``take(_:into:gain:)``) or by the stream's callers.
final class SnapcastChannel: @unchecked Sendable {
    let format: AudioFormat
    let ring: SampleRing
    /// The audio session the stream plays for (its `rondo.session.id`), if any.
    let session: String?
    var corked: Bool
    /// The stream's own volume, as it was opened with: the level until its session sets one.
    let volume: Double
    var starving = false
    var draining = false
    /// Frames of the stream taken from the ring since creation or the last flush.
    var handedOver = 0
    private var resampler: OpaquePointer?
    /// Resampled frames (interleaved stereo floats) not mixed yet, from `head` on.
    private var fifo: [Float] = []
    private var head = 0
    /// What one ring read takes, in the stream's samples.
    private var input: [Float]

    /// A channel reading `ring`, in `format`; FFmpeg must be loaded (`rondo_ffmpeg_load`).
    init(format: AudioFormat, ring: SampleRing, session: String?, corked: Bool, volume: Double) {
        self.format = format
        self.ring = ring
        self.session = session
        self.corked = corked
        self.volume = volume
        input = [Float](repeating: 0, count: format.sampleRate / 10 * format.channels)
        fifo.reserveCapacity(SnapcastConnection.rate / 2 * SnapcastConnection.channels)
        makeResampler()
    }

    deinit { swr_free(&resampler) }

    /// Feed frames waiting in the FIFO.
    var buffered: Int { (fifo.count - head) / SnapcastConnection.channels }

    /// Whether what was asked to drain has been mixed.
    var isDrained: Bool { draining && ring.available == 0 && buffered == 0 }

    /// Frames of the stream the listener has heard: those handed over, less what waits
    /// in the FIFO and the feed's lead over the clock.
    func heardFrames(lead: Int) -> Int {
        let waiting = (buffered + lead) * format.sampleRate / SnapcastConnection.rate
        return max(0, handedOver - waiting)
    }

    /// Mixes up to `frames` feed frames into `mix`, its level moving from `start` to `end`
    /// across them; a channel that cannot fill them starves.
    func take(_ frames: Int, into mix: inout [Float], from start: Float, to end: Float) {
        guard !corked else { return }
        fill(frames)
        let available = min(frames, buffered)
        starving = available < frames
        let step = frames > 0 ? (end - start) / Float(frames) : 0
        for frame in 0..<available {
            let level = start + step * Float(frame)
            for channel in 0..<SnapcastConnection.channels {
                let index = frame * SnapcastConnection.channels + channel
                mix[index] += fifo[head + index] * level
            }
        }
        head += available * SnapcastConnection.channels
        if head >= fifo.count {
            fifo.removeAll(keepingCapacity: true)
            head = 0
        } else if head > fifo.count / 2 {
            fifo.removeSubrange(0..<head)
            head = 0
        }
    }

    /// Drops everything buffered, in the ring and the resampler.
    func flush() {
        ring.reset()
        fifo.removeAll(keepingCapacity: true)
        head = 0
        handedOver = 0
        draining = false
        makeResampler()
    }

    /// Resamples from the ring until the FIFO holds `frames`, or the ring is empty.
    private func fill(_ frames: Int) {
        guard let resampler else { return }
        while buffered < frames {
            let readable = ring.available - ring.available % format.channels
            guard readable > 0 else { return }
            let count = input.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, maxSamples: min($0.count, readable)) }
            let inputFrames = count / format.channels
            handedOver += inputFrames
            let capacity = Int(swr_get_out_samples(resampler, Int32(inputFrames)))
            guard capacity > 0 else { continue }
            let start = fifo.count
            fifo.append(contentsOf: repeatElement(0, count: capacity * SnapcastConnection.channels))
            let made = fifo.withUnsafeMutableBufferPointer { out in
                input.withUnsafeBufferPointer { source in
                    var output: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(out.baseAddress! + start).assumingMemoryBound(to: UInt8.self)
                    var from: UnsafePointer<UInt8>? = UnsafeRawPointer(source.baseAddress!).assumingMemoryBound(to: UInt8.self)
                    return swr_convert(resampler, &output, Int32(capacity), &from, Int32(inputFrames))
                }
            }
            fifo.removeLast((capacity - max(0, Int(made))) * SnapcastConnection.channels)
        }
    }

    /// A converter from the stream's interleaved floats to the feed's; a mono stream fills
    /// both channels at its own level.
    private func makeResampler() {
        swr_free(&resampler)
        var inLayout = AVChannelLayout()
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&inLayout, Int32(format.channels))
        av_channel_layout_default(&outLayout, Int32(SnapcastConnection.channels))
        defer {
            av_channel_layout_uninit(&inLayout)
            av_channel_layout_uninit(&outLayout)
        }
        var converter: OpaquePointer?
        let made = swr_alloc_set_opts2(
            &converter, &outLayout, AV_SAMPLE_FMT_FLT, Int32(SnapcastConnection.rate), &inLayout, AV_SAMPLE_FMT_FLT,
            Int32(format.sampleRate), 0, nil)
        if let converter, format.channels == 1 {
            let bothAtFullLevel: [Double] = [1, 1]
            swr_set_matrix(converter, bothAtFullLevel, 1)
        }
        guard made >= 0, converter != nil, swr_init(converter) >= 0 else {
            swr_free(&converter)
            return
        }
        resampler = converter
    }
}
