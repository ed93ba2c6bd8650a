/// An ``AudioDecoder`` over samples already in memory, such as a generated ``ChimeTone``.
final class SampleBufferDecoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    private let samples: [Float]
    private var position = 0

    /// Serves `samples`, interleaved in `format`; a trailing partial frame is dropped.
    init(samples: [Float], format: AudioFormat) {
        self.format = format
        self.samples = Array(samples.prefix(samples.count - samples.count % format.channels))
        frameCount = self.samples.count / format.channels
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        let count = min(buffer.count - buffer.count % format.channels, samples.count - position)
        guard count > 0 else { return 0 }
        for index in 0..<count { buffer[index] = samples[position + index] }
        position += count
        return count
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        guard frame >= 0, frame <= frameCount ?? 0 else {
            throw .decodeFailed("generated audio", reason: "cannot seek to frame \(frame)")
        }
        position = frame * format.channels
    }
}
