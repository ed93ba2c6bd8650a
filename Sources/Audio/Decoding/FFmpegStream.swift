import CFFmpeg
import Glibc

/// FFmpeg's demuxer and decoder on one audio stream, and the samples decoded and not yet
/// read: the C objects of an ``FFmpegDecoder``, freed when it goes.
///
/// Owned by its decoder, on one thread at a time.
final class FFmpegStream {
    /// The container formats opened, by FFmpeg's demuxer names.
    static let demuxers = "mov,aac"
    /// The codecs decoded, by FFmpeg's decoder names.
    static let codecs = "aac,alac"
    /// Samples decoded and dropped before a seek's target.
    static let seekPreroll = 4096
    /// Damaged packets skipped in a row before the file is given up as corrupt.
    static let damagedPacketsAllowed = 64

    private let name: String
    private let io: UnsafeMutablePointer<AVIOContext>
    private var container: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    /// What the resampler converts from: rate, sample format and channel layout (a copy).
    private var resamplerInput: (rate: Int32, format: Int32, layout: AVChannelLayout)?
    /// The format every sample comes out in: the first frame's.
    private var output: AudioFormat?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let streamIndex: Int32
    private let timeBase: AVRational
    /// Decoded samples not yet read, interleaved, from ``pendingStart``.
    private var pending: [Float] = []
    private var pendingStart = 0
    /// After a seek: the first frame wanted; samples before it are dropped.
    private var seekTarget: Int?
    /// Where the next decoded sample is, in frames, when the stream gives no timestamps.
    private var nextFrame = 0
    private var flushed = false
    /// Whether the container's length is exact (MP4's edit list), so the encoder's padding
    /// after it is dropped; an ADTS stream's length is only estimated.
    private let trimsToLength: Bool
    /// The frame the music ends at, once the rate is known; `Int.max` when not trimmed.
    private var endFrame: Int?

    /// Opens the demuxer on `box`'s bytes and the decoder of its first audio stream.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not an MP4 (or, with
    ///   `adts`, ADTS AAC) file with AAC or ALAC audio.
    init(_ box: ByteSourceBox, adts: Bool, name: String) throws(AudioError) {
        if let failure = rondo_ffmpeg_load() {
            throw .decodeFailed(name, reason: "FFmpeg is not available (\(String(cString: failure)))")
        }
        self.name = name
        trimsToLength = !adts
        guard let io = box.ioContext() else { throw .decodeFailed(name, reason: "FFmpeg could not allocate its input") }
        self.io = io
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard var container = avformat_alloc_context() else {
            (streamIndex, timeBase) = (-1, AVRational(num: 1, den: 1))
            throw .decodeFailed(name, reason: "FFmpeg could not allocate its input")
        }
        guard packet != nil, frame != nil else {
            avformat_free_context(container)
            (streamIndex, timeBase) = (-1, AVRational(num: 1, den: 1))
            throw .decodeFailed(name, reason: "FFmpeg could not allocate a frame")
        }
        container.pointee.pb = io
        container.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", Self.demuxers, 0)
        av_dict_set(&options, "codec_whitelist", Self.codecs, 0)
        av_dict_set(&options, "protocol_whitelist", "none", 0)
        var opened: UnsafeMutablePointer<AVFormatContext>? = container
        let status = avformat_open_input(&opened, name, av_find_input_format(adts ? "aac" : "mp4"), &options)
        av_dict_free(&options)
        // avformat_open_input frees the context it fails on (never a custom I/O context).
        guard status >= 0, let input = opened else {
            (streamIndex, timeBase) = (-1, AVRational(num: 1, den: 1))
            throw .decodeFailed(name, reason: "not a readable \(adts ? "AAC" : "MP4") file (\(Self.errorText(status)))")
        }
        container = input
        self.container = container
        let found = avformat_find_stream_info(container, nil)
        var decoder: UnsafePointer<AVCodec>?
        let index = found >= 0 ? av_find_best_stream(container, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0) : found
        guard index >= 0, let decoder, let stream = container.pointee.streams[Int(index)] else {
            (streamIndex, timeBase) = (-1, AVRational(num: 1, den: 1))
            throw .decodeFailed(name, reason: "no AAC or ALAC audio (\(Self.errorText(index)))")
        }
        streamIndex = index
        timeBase = stream.pointee.time_base
        for other in 0..<Int(container.pointee.nb_streams) where other != Int(index) {
            container.pointee.streams[other]?.pointee.discard = AVDISCARD_ALL
        }
        codec = avcodec_alloc_context3(decoder)
        guard let codec else { throw .decodeFailed(name, reason: "FFmpeg could not allocate a decoder") }
        codec.pointee.pkt_timebase = stream.pointee.time_base
        var codecOptions: OpaquePointer?
        av_dict_set(&codecOptions, "codec_whitelist", Self.codecs, 0)
        let ready =
            avcodec_parameters_to_context(codec, stream.pointee.codecpar) >= 0 ? avcodec_open2(codec, decoder, &codecOptions) : -1
        av_dict_free(&codecOptions)
        guard ready >= 0 else { throw .decodeFailed(name, reason: "its audio cannot be decoded (\(Self.errorText(ready)))") }
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packet)
        swr_free(&resampler)
        forgetResamplerInput()
        avcodec_free_context(&codec)
        avformat_close_input(&container)
        var context: UnsafeMutablePointer<AVIOContext>? = io
        av_freep(&io.pointee.buffer)
        avio_context_free(&context)
    }

    /// The stream's length in frames at `sampleRate`, when the container states it.
    func frameCount(at sampleRate: Int) -> Int? {
        guard let stream = container?.pointee.streams[Int(streamIndex)]?.pointee, stream.duration > 0 else { return nil }
        return Int(av_rescale_q(stream.duration, stream.time_base, AVRational(num: 1, den: Int32(sampleRate))))
    }

    /// Hands out decoded samples, decoding as needed; 0 at the end.
    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        // Whole frames of AAC are 1,024 samples: the buffer is filled from as many as it
        // takes, so the engine's work per read is not paid per codec frame.
        var filled = 0
        while filled < buffer.count {
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
                do {
                    guard try decodeFrame() != nil else { break }
                } catch {
                    // What was decoded before the failure goes out first; the next read fails.
                    if filled > 0 { break }
                    throw error
                }
                continue
            }
            let count = min(buffer.count - filled, pending.count - pendingStart)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[filled..<(filled + count)])
                .initialize(from: pending[pendingStart..<pendingStart + count])
            pendingStart += count
            filled += count
        }
        return filled
    }

    /// Goes to `target` (a frame at `sampleRate`): decoding starts ``seekPreroll`` frames
    /// earlier (before frame 0 too: the encoder's priming is what the first frames need)
    /// and what comes before the target is dropped.
    func seek(toFrame target: Int, sampleRate: Int) throws(AudioError) {
        guard let container, let codec else { return }
        let start = target - Self.seekPreroll
        let timestamp = av_rescale_q(Int64(start), AVRational(num: 1, den: Int32(sampleRate)), timeBase)
        guard avformat_seek_file(container, streamIndex, Int64.min, timestamp, timestamp, 0) >= 0 else {
            throw .decodeFailed(name, reason: "seek to frame \(target) failed")
        }
        avcodec_flush_buffers(codec)
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
        seekTarget = target
        nextFrame = start
        flushed = false
    }

    /// Decodes the next frame into the pending samples (what a seek's target leaves of
    /// it) and returns its format; `nil` at the end of the stream.
    func decodeFrame() throws(AudioError) -> AudioFormat? {
        guard let container, let codec, let packet, let frame else { return nil }
        var damaged = 0
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                guard frame.pointee.nb_samples > 0 else { continue }
                return try convert(frame)
            }
            if received == rondo_averror_eof() { return nil }
            guard received == rondo_averror_again() else {
                throw .decodeFailed(name, reason: "decoding failed (\(Self.errorText(received)))")
            }
            guard !flushed else { return nil }
            let read = av_read_frame(container, packet)
            if read < 0 {
                let failed = io.pointee.error != 0 && io.pointee.error != rondo_averror_eof()
                guard !failed, read == rondo_averror_eof() || io.pointee.eof_reached != 0 else {
                    throw .decodeFailed(name, reason: "reading failed (\(Self.errorText(read)))")
                }
                flushed = true
                avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0, sent != rondo_averror_again() {
                damaged += 1
                guard damaged <= Self.damagedPacketsAllowed else {
                    throw .decodeFailed(name, reason: "too many damaged packets (\(Self.errorText(sent)))")
                }
            } else {
                damaged = 0
            }
        }
    }

    /// Appends `frame`'s samples, as interleaved floats in the stream's first format, to the
    /// pending ones, dropping those before a seek's target; returns that format. A stream
    /// whose later frames change their rate, sample format or channels (a stereo station's
    /// mono advert) is converted back to it.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(AudioError) -> AudioFormat {
        let rate = Int(frame.pointee.sample_rate)
        let channels = min(2, Int(frame.pointee.ch_layout.nb_channels))
        guard rate > 0, channels > 0 else { throw .decodeFailed(name, reason: "a frame without a rate or channels") }
        let format = output ?? AudioFormat(sampleRate: rate, channels: channels)
        output = format
        if resampler == nil || resamplerInputDiffers(from: frame) { try makeResampler(for: frame, to: format) }
        let count = Int(frame.pointee.nb_samples)
        let capacity = Int(swr_get_out_samples(resampler, Int32(count)))
        guard capacity >= 0 else { throw .decodeFailed(name, reason: "conversion failed (\(Self.errorText(Int32(capacity))))") }
        let timestamp = frame.pointee.best_effort_timestamp
        let start =
            timestamp == Int64.min
            ? nextFrame : Int(av_rescale_q(timestamp, timeBase, AVRational(num: 1, den: Int32(format.sampleRate))))
        let offset = pending.count
        pending.append(contentsOf: repeatElement(0, count: capacity * format.channels))
        let converted = pending.withUnsafeMutableBufferPointer { buffer in
            var output: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + offset)
                .assumingMemoryBound(to: UInt8.self)
            return frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { input in
                swr_convert(resampler, &output, Int32(capacity), input, Int32(count))
            }
        }
        guard converted >= 0 else {
            pending.removeLast(capacity * format.channels)
            throw .decodeFailed(name, reason: "conversion failed (\(Self.errorText(converted)))")
        }
        if endFrame == nil { endFrame = trimsToLength ? frameCount(at: format.sampleRate) ?? Int.max : Int.max }
        let kept = min(Int(converted), max(0, (endFrame ?? Int.max) - start))
        pending.removeLast((capacity - kept) * format.channels)
        nextFrame = start + kept
        if let target = seekTarget {
            let drop = min(max(0, target - start), kept)
            pending.removeSubrange(offset..<offset + drop * format.channels)
            if nextFrame >= target { seekTarget = nil }
        }
        return format
    }

    /// Whether `frame` differs in rate, sample format or channel layout from what the
    /// resampler was made for.
    private func resamplerInputDiffers(from frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard var input = resamplerInput else { return true }
        return input.rate != frame.pointee.sample_rate || input.format != frame.pointee.format
            || av_channel_layout_compare(&input.layout, &frame.pointee.ch_layout) != 0
    }

    /// The converter from `frame`'s samples to interleaved floats in `format`.
    private func makeResampler(for frame: UnsafeMutablePointer<AVFrame>, to format: AudioFormat) throws(AudioError) {
        swr_free(&resampler)
        forgetResamplerInput()
        var output = AVChannelLayout()
        av_channel_layout_default(&output, Int32(format.channels))
        defer { av_channel_layout_uninit(&output) }
        var converter: OpaquePointer?
        let inputFormat = AVSampleFormat(frame.pointee.format)
        let made = swr_alloc_set_opts2(
            &converter, &output, AV_SAMPLE_FMT_FLT, Int32(format.sampleRate), &frame.pointee.ch_layout, inputFormat,
            frame.pointee.sample_rate, 0, nil)
        // A mono frame fills both channels at its own level, as the audio server plays a
        // mono stream (libswresample's own matrix would lower it by 3 dB).
        if let converter, frame.pointee.ch_layout.nb_channels == 1, format.channels == 2 {
            let bothAtFullLevel: [Double] = [1, 1]
            swr_set_matrix(converter, bothAtFullLevel, 1)
        }
        guard made >= 0, let converter, swr_init(converter) >= 0 else {
            swr_free(&converter)
            throw .decodeFailed(name, reason: "its samples cannot be converted")
        }
        var layout = AVChannelLayout()
        guard av_channel_layout_copy(&layout, &frame.pointee.ch_layout) >= 0 else {
            var failed: OpaquePointer? = converter
            swr_free(&failed)
            throw .decodeFailed(name, reason: "its channel layout cannot be kept")
        }
        resampler = converter
        resamplerInput = (frame.pointee.sample_rate, frame.pointee.format, layout)
    }

    private func forgetResamplerInput() {
        guard var input = resamplerInput else { return }
        av_channel_layout_uninit(&input.layout)
        resamplerInput = nil
    }

    /// FFmpeg's words for an error code.
    private static func errorText(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        av_strerror(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
