import CFLAC

/// What libFLAC's callbacks work with: the source they read (``input``), and what they hand a
/// ``FLACDecoder``: the stream's format from STREAMINFO, the last decoded frame as
/// interleaved `Float`, and the last error reported.
///
/// A frame goes straight into the reader's buffer (``target``) when it fits there, and is
/// kept in ``samples`` otherwise (or when no reader waits: a seek), to be read from later.
///
/// Owned by its ``FLACDecoder`` and touched only on the thread that calls into libFLAC (the
/// callbacks run inside `FLAC__stream_decoder_process_*` and `seek_absolute`), so it needs no lock.
final class FLACFrameBuffer {
    /// The bytes the stream is read from.
    let input: any ByteSource
    var sampleRate = 0
    var channels = 0
    var bitsPerSample = 0
    /// Frames in the stream from STREAMINFO; 0 when the encoder did not know.
    var totalFrames = 0
    /// The decoded samples not yet read, interleaved, from ``readIndex`` on.
    private(set) var samples: [Float] = []
    var readIndex = 0
    /// Where the reader wants samples now, and how many of them the frames decoded since it
    /// was set have filled.
    var target: UnsafeMutableBufferPointer<Float>?
    private(set) var targetFilled = 0
    /// The frame after the last one decoded, from the frame headers.
    var nextFrame = 0
    /// The last error libFLAC reported; it recovers from most by resynchronising.
    var error: String?

    /// Creates an empty buffer for the stream read from `input`.
    init(input: any ByteSource) {
        self.input = input
    }

    /// How many samples wait to be read.
    var available: Int { samples.count - readIndex }

    /// Whether the frames decoded since the last ``clear()`` gave no sample at all.
    var holdsNothing: Bool { available == 0 && targetFilled == 0 }

    /// Drops whatever waits to be read, and what went into the target so far.
    func clear() {
        samples.removeAll(keepingCapacity: true)
        readIndex = 0
        targetFilled = 0
    }

    /// Takes one decoded frame, scaling its integer samples of any depth from 4 to 32 bits
    /// to [-1, 1): into the target when it fits there, else after the samples kept.
    func append(_ frame: FLAC__Frame, _ channelBuffers: UnsafePointer<UnsafePointer<FLAC__int32>?>) {
        let header = frame.header
        let frames = Int(header.blocksize)
        let frameChannels = Int(header.channels)
        let depth = Int(header.bits_per_sample)
        guard frameChannels == channels, depth > 0 else {
            error = "a frame with \(frameChannels) channels in a \(channels)-channel stream"
            return
        }
        let scale = 1 / Float(UInt64(1) << (depth - 1))
        let count = frames * channels
        if let target, let base = target.baseAddress, count <= target.count - targetFilled {
            interleave(channelBuffers, frames: frames, scale: scale, into: base + targetFilled)
            targetFilled += count
        } else {
            let start = samples.count
            samples.append(contentsOf: repeatElement(0, count: count))
            samples.withUnsafeMutableBufferPointer { out in
                interleave(channelBuffers, frames: frames, scale: scale, into: out.baseAddress! + start)
            }
        }
        if header.number_type == FLAC__FRAME_NUMBER_TYPE_SAMPLE_NUMBER {
            nextFrame = Int(header.number.sample_number) + frames
        } else {
            nextFrame += frames
        }
    }

    /// Writes `frames` frames of the channel buffers, scaled, interleaved from `out` on.
    private func interleave(
        _ channelBuffers: UnsafePointer<UnsafePointer<FLAC__int32>?>, frames: Int, scale: Float, into out: UnsafeMutablePointer<Float>
    ) {
        if channels == 2, let left = channelBuffers[0], let right = channelBuffers[1] {
            for index in 0..<frames {
                out[2 * index] = Float(left[index]) * scale
                out[2 * index + 1] = Float(right[index]) * scale
            }
            return
        }
        for channel in 0..<channels {
            guard let source = channelBuffers[channel] else { continue }
            for index in 0..<frames {
                out[index * channels + channel] = Float(source[index]) * scale
            }
        }
    }
}
