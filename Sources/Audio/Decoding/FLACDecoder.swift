import CFLAC

/// An ``AudioDecoder`` for FLAC files, backed by libFLAC's stream decoder.
///
/// Samples of any depth (4 to 32 bits) come out as `Float` in [-1, 1). Seeks are exact
/// (`FLAC__stream_decoder_seek_absolute` starts the next frame at the target sample). A
/// stream that ends before the length its STREAMINFO gives is a truncated file and fails.
final class FLACDecoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    private let decoder: UnsafeMutablePointer<FLAC__StreamDecoder>
    private let buffer: FLACFrameBuffer
    private let path: String
    private var atEnd = false

    /// Reads the metadata of the FLAC stream `source` holds, to learn the format.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not a decodable FLAC stream.
    init(source: any ByteSource) throws(AudioError) {
        let path = source.name
        let buffer = FLACFrameBuffer(input: source)
        guard let decoder = FLAC__stream_decoder_new() else {
            throw .decodeFailed(path, reason: "libFLAC could not create a decoder")
        }
        let userData = Unmanaged.passUnretained(buffer).toOpaque()
        let status = FLAC__stream_decoder_init_stream(
            decoder, flacRead, flacSeek, flacTell, flacLength, flacEndOfFile, flacWrite, flacMetadata, flacError, userData)
        guard status == FLAC__STREAM_DECODER_INIT_STATUS_OK else {
            FLAC__stream_decoder_delete(decoder)
            throw .decodeFailed(path, reason: "libFLAC could not start decoding (status \(status.rawValue))")
        }
        guard FLAC__stream_decoder_process_until_end_of_metadata(decoder) != 0, buffer.sampleRate > 0, buffer.channels > 0
        else {
            let reason = buffer.error ?? "no FLAC stream information"
            FLAC__stream_decoder_finish(decoder)
            FLAC__stream_decoder_delete(decoder)
            throw .decodeFailed(path, reason: "not a readable FLAC stream (\(reason))")
        }
        self.decoder = decoder
        self.buffer = buffer
        self.path = path
        format = AudioFormat(sampleRate: buffer.sampleRate, channels: buffer.channels)
        frameCount = buffer.totalFrames > 0 ? buffer.totalFrames : nil
    }

    deinit {
        FLAC__stream_decoder_finish(decoder)
        FLAC__stream_decoder_delete(decoder)
    }

    func read(into output: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        let usable = output.count - output.count % format.channels
        var written = takeKept(into: output, upTo: usable)
        while written < usable, !atEnd {
            // A frame that fits is decoded straight into the caller's buffer.
            buffer.target = UnsafeMutableBufferPointer(rebasing: output[written..<usable])
            defer { buffer.target = nil }
            try decodeFrame()
            written += buffer.targetFilled
            written += takeKept(into: UnsafeMutableBufferPointer(rebasing: output[written...]), upTo: usable - written)
        }
        return written
    }

    /// Copies up to `limit` of the samples kept from the last frame into `output`.
    private func takeKept(into output: UnsafeMutableBufferPointer<Float>, upTo limit: Int) -> Int {
        let count = min(buffer.available, limit)
        guard count > 0 else { return 0 }
        buffer.samples.withUnsafeBufferPointer { samples in
            output.baseAddress!.update(from: samples.baseAddress! + buffer.readIndex, count: count)
        }
        buffer.readIndex += count
        return count
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        buffer.clear()
        if let frameCount, frame >= frameCount {
            atEnd = true
            buffer.nextFrame = frameCount
            return
        }
        atEnd = false
        guard FLAC__stream_decoder_seek_absolute(decoder, FLAC__uint64(max(frame, 0))) != 0 else {
            FLAC__stream_decoder_flush(decoder)
            buffer.clear()
            throw .decodeFailed(path, reason: "seek to frame \(frame) failed (\(buffer.error ?? "no seek point found"))")
        }
    }

    /// Decodes the next frame into the buffer, or notes the end of the stream.
    ///
    /// libFLAC reports an end met inside a frame (a file cut short there) as a failed step,
    /// and one met between frames as a step that found nothing: both are the end here.
    private func decodeFrame() throws(AudioError) {
        buffer.clear()
        let ok = FLAC__stream_decoder_process_single(decoder) != 0
        let state = FLAC__stream_decoder_get_state(decoder)
        guard state == FLAC__STREAM_DECODER_END_OF_STREAM || ok && state != FLAC__STREAM_DECODER_ABORTED else {
            throw .decodeFailed(path, reason: "decoding stopped (\(buffer.error ?? "libFLAC state \(state.rawValue)"))")
        }
        guard state == FLAC__STREAM_DECODER_END_OF_STREAM, buffer.holdsNothing else { return }
        atEnd = true
        if let frameCount, buffer.nextFrame < frameCount {
            throw .decodeFailed(path, reason: "the stream ends at frame \(buffer.nextFrame) of \(frameCount): the file is truncated")
        }
    }
}
