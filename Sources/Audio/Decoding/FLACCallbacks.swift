import CFLAC

// libFLAC's callbacks, free functions that find their ``FLACFrameBuffer`` through the
// client-data pointer (never by capture: they run inside libFLAC calls).

/// Reads the source: up to `*bytes` bytes, their count put back in `*bytes`.
func flacRead(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ bytes: UnsafeMutablePointer<FLAC__byte>?,
    _ count: UnsafeMutablePointer<Int>?, _ clientData: UnsafeMutableRawPointer?
) -> FLAC__StreamDecoderReadStatus {
    guard let clientData, let bytes, let count, count.pointee > 0,
        let read = input(clientData).read(into: UnsafeMutableRawPointer(bytes), count: count.pointee)
    else { return FLAC__STREAM_DECODER_READ_STATUS_ABORT }
    count.pointee = read
    return read == 0 ? FLAC__STREAM_DECODER_READ_STATUS_END_OF_STREAM : FLAC__STREAM_DECODER_READ_STATUS_CONTINUE
}

/// Moves the source's next read to a byte offset.
func flacSeek(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ offset: FLAC__uint64, _ clientData: UnsafeMutableRawPointer?
) -> FLAC__StreamDecoderSeekStatus {
    guard let clientData, offset <= UInt64(Int64.max), (try? input(clientData).seek(to: Int64(offset))) != nil else {
        return FLAC__STREAM_DECODER_SEEK_STATUS_ERROR
    }
    return FLAC__STREAM_DECODER_SEEK_STATUS_OK
}

/// Tells the byte offset of the source's next read.
func flacTell(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ offset: UnsafeMutablePointer<FLAC__uint64>?,
    _ clientData: UnsafeMutableRawPointer?
) -> FLAC__StreamDecoderTellStatus {
    guard let clientData, let offset else { return FLAC__STREAM_DECODER_TELL_STATUS_ERROR }
    offset.pointee = UInt64(input(clientData).position)
    return FLAC__STREAM_DECODER_TELL_STATUS_OK
}

/// Tells the source's length in bytes (unknown for a live stream).
func flacLength(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ length: UnsafeMutablePointer<FLAC__uint64>?,
    _ clientData: UnsafeMutableRawPointer?
) -> FLAC__StreamDecoderLengthStatus {
    guard let clientData, let length, let known = input(clientData).length else {
        return FLAC__STREAM_DECODER_LENGTH_STATUS_ERROR
    }
    length.pointee = UInt64(known)
    return FLAC__STREAM_DECODER_LENGTH_STATUS_OK
}

/// Tells whether a read met the end of the source.
func flacEndOfFile(_ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ clientData: UnsafeMutableRawPointer?) -> FLAC__bool {
    guard let clientData else { return 1 }
    return input(clientData).atEnd ? 1 : 0
}

/// The source behind a callback's client data.
private func input(_ clientData: UnsafeMutableRawPointer) -> any ByteSource {
    Unmanaged<FLACFrameBuffer>.fromOpaque(clientData).takeUnretainedValue().input
}

/// Takes one decoded frame.
func flacWrite(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ frame: UnsafePointer<FLAC__Frame>?,
    _ buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>?, _ clientData: UnsafeMutableRawPointer?
) -> FLAC__StreamDecoderWriteStatus {
    guard let clientData, let frame, let buffer else { return FLAC__STREAM_DECODER_WRITE_STATUS_ABORT }
    Unmanaged<FLACFrameBuffer>.fromOpaque(clientData).takeUnretainedValue().append(frame.pointee, buffer)
    return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
}

/// Takes STREAMINFO: the format and length.
func flacMetadata(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ metadata: UnsafePointer<FLAC__StreamMetadata>?,
    _ clientData: UnsafeMutableRawPointer?
) {
    guard let clientData, let metadata, metadata.pointee.type == FLAC__METADATA_TYPE_STREAMINFO else { return }
    let info = metadata.pointee.data.stream_info
    let state = Unmanaged<FLACFrameBuffer>.fromOpaque(clientData).takeUnretainedValue()
    state.sampleRate = Int(info.sample_rate)
    state.channels = Int(info.channels)
    state.bitsPerSample = Int(info.bits_per_sample)
    state.totalFrames = Int(info.total_samples)
}

/// Notes an error; libFLAC carries on looking for the next frame.
func flacError(
    _ decoder: UnsafePointer<FLAC__StreamDecoder>?, _ status: FLAC__StreamDecoderErrorStatus,
    _ clientData: UnsafeMutableRawPointer?
) {
    guard let clientData else { return }
    let state = Unmanaged<FLACFrameBuffer>.fromOpaque(clientData).takeUnretainedValue()
    state.error =
        switch status {
        case FLAC__STREAM_DECODER_ERROR_STATUS_LOST_SYNC: "lost synchronisation"
        case FLAC__STREAM_DECODER_ERROR_STATUS_BAD_HEADER: "a corrupt frame header"
        case FLAC__STREAM_DECODER_ERROR_STATUS_FRAME_CRC_MISMATCH: "a frame whose checksum does not match"
        case FLAC__STREAM_DECODER_ERROR_STATUS_UNPARSEABLE_STREAM: "a stream it cannot parse"
        default: "corrupt data"
        }
}
