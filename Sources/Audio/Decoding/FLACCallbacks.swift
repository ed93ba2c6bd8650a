import CFLAC

// libFLAC's callbacks, free functions that find their ``FLACFrameBuffer`` through the
// client-data pointer (never by capture: they run inside libFLAC calls).

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
