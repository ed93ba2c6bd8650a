import CFLAC

/// What libFLAC's callbacks hand a ``FLACDecoder``: the stream's format from STREAMINFO, the
/// last decoded frame as interleaved `Float`, and the last error reported.
///
/// Owned by its ``FLACDecoder`` and touched only on the thread that calls into libFLAC (the
/// callbacks run inside `FLAC__stream_decoder_process_*` and `seek_absolute`), so it needs no lock.
final class FLACFrameBuffer {
    var sampleRate = 0
    var channels = 0
    var bitsPerSample = 0
    /// Frames in the stream from STREAMINFO; 0 when the encoder did not know.
    var totalFrames = 0
    /// The decoded samples not yet read, interleaved, from ``readIndex`` on.
    var samples: [Float] = []
    var readIndex = 0
    /// The frame after the last one decoded, from the frame headers.
    var nextFrame = 0
    /// The last error libFLAC reported; it recovers from most by resynchronising.
    var error: String?

    /// How many samples wait to be read.
    var available: Int { samples.count - readIndex }

    /// Drops whatever waits to be read.
    func clear() {
        samples.removeAll(keepingCapacity: true)
        readIndex = 0
    }

    /// Appends one decoded frame, scaling its integer samples of any depth from 4 to 32 bits
    /// to [-1, 1).
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
        let start = samples.count
        samples.append(contentsOf: repeatElement(0, count: frames * channels))
        samples.withUnsafeMutableBufferPointer { out in
            for channel in 0..<channels {
                guard let source = channelBuffers[channel] else { continue }
                for index in 0..<frames {
                    out[start + index * channels + channel] = Float(source[index]) * scale
                }
            }
        }
        if header.number_type == FLAC__FRAME_NUMBER_TYPE_SAMPLE_NUMBER {
            nextFrame = Int(header.number.sample_number) + frames
        } else {
            nextFrame += frames
        }
    }
}
