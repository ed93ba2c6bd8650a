import COpus
import Glibc

/// An ``AudioDecoder`` for Ogg Opus files, backed by libopusfile.
///
/// Opus always decodes at 48 kHz. Stereo files whose chained links change their channel
/// count are read with `op_read_float_stereo`, which keeps two channels across them; others
/// in their own channel count. libopusfile
/// drops the encoder's pre-skip and trims the end to the last granule position, so frame 0
/// is the first sample of the source. Seeks are sample-accurate (`op_pcm_seek`). Packets of
/// one- and two-channel links are decoded by an ``OpusPacketDecoder``. A live stream's links
/// say its songs (``OggLinkTitles``), through its source's ``ByteSource/onMetadata``.
final class OpusDecoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    private let file: OpaquePointer
    private let path: String
    /// The bytes opusfile reads through its callbacks, kept while it may call them.
    private let source: ByteSourceBox
    private let packets = OpusPacketDecoder()
    /// Whether every link has two channels: then `op_read_float` keeps two channels as well
    /// as `op_read_float_stereo` does, and decodes straight into the caller's buffer.
    private let allLinksStereo: Bool
    /// The songs a live stream's links say; `nil` for a file.
    private var linkTitles: OggLinkTitles?

    /// Reads the headers of the Ogg Opus stream `source` holds, to learn the format.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not a decodable Ogg Opus stream.
    init(source: any ByteSource) throws(AudioError) {
        let path = source.name
        let box = ByteSourceBox(source)
        var callbacks = box.opusCallbacks
        var status: Int32 = 0
        guard let file = op_open_callbacks(box.userData, &callbacks, nil, 0, &status) else {
            throw .decodeFailed(path, reason: "not a readable Ogg Opus stream (\(OggErrorCode.reason(Int(status))))")
        }
        let channels = Int(op_channel_count(file, -1))
        guard channels > 0 else {
            op_free(file)
            throw .decodeFailed(path, reason: "no Opus stream information")
        }
        self.file = file
        self.path = path
        self.source = box
        linkTitles = source.isLiveStream ? OggLinkTitles() : nil
        allLinksStereo = (0..<op_link_count(file)).allSatisfy { op_channel_count(file, $0) == 2 }
        packets.file = file
        op_set_decode_callback(file, opusDecodePacket, Unmanaged.passUnretained(packets).toOpaque())
        format = AudioFormat(sampleRate: 48_000, channels: channels)
        let total = op_pcm_total(file, -1)
        frameCount = total > 0 ? Int(total) : nil
    }

    deinit {
        op_free(file)
    }

    func read(into output: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        let channels = format.channels
        let usable = output.count - output.count % channels
        guard usable > 0, let base = output.baseAddress else { return 0 }
        let size = Int32(min(usable, Int(Int32.max)))
        while true {
            var link: Int32 = 0
            let frames =
                channels == 2 && !allLinksStereo
                ? op_read_float_stereo(file, base, size)
                : op_read_float(file, base, size, &link)
            if frames == OP_HOLE { continue }
            guard frames >= 0 else { throw .decodeFailed(path, reason: OggErrorCode.reason(Int(frames))) }
            if channels != 2, frames > 0, Int(op_channel_count(file, link)) != channels {
                throw .decodeFailed(path, reason: "a chained stream changes its channel count")
            }
            if frames > 0 { sayLinkTitle() }
            return Int(frames) * channels
        }
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        let status = op_pcm_seek(file, ogg_int64_t(max(frame, 0)))
        guard status == 0 else {
            throw .decodeFailed(path, reason: "seek to frame \(frame) failed (\(OggErrorCode.reason(Int(status))))")
        }
    }

    /// Tells the source's listener the song of the link just read, when it is new.
    private func sayLinkTitle() {
        guard linkTitles != nil else { return }
        let file = file
        let said = linkTitles?.said(byLink: Int(op_serialno(file, -1))) {
            guard let tags = op_tags(file, -1)?.pointee else { return [] }
            return OggLinkTitles.comments(
                tags.user_comments, lengths: tags.comment_lengths, count: tags.comments, encoding: source.source.metadataEncoding)
        }
        if let said { source.source.onMetadata?(said) }
    }
}
