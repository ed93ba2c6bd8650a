import CVorbis
import Glibc

/// An ``AudioDecoder`` for Ogg Vorbis files, backed by libvorbisfile.
///
/// Reads with `ov_read_float` and seeks sample-accurately with `ov_pcm_seek`. A chained file
/// whose later links change the rate or channel count fails when it reaches them (the
/// engine's stream was opened for the first link's format). A live stream's links say its
/// songs (``OggLinkTitles``), through its source's ``ByteSource/onMetadata``.
final class VorbisDecoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    private let file: UnsafeMutablePointer<OggVorbis_File>
    private let path: String
    /// The bytes vorbisfile reads through its callbacks, kept while it may call them.
    private let source: ByteSourceBox
    /// The songs a live stream's links say; `nil` for a file.
    private var linkTitles: OggLinkTitles?

    /// Reads the headers of the Ogg Vorbis stream `source` holds, to learn the format.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is not a decodable Ogg Vorbis stream.
    init(source: any ByteSource) throws(AudioError) {
        let path = source.name
        let box = ByteSourceBox(source)
        let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        let status = ov_open_callbacks(box.userData, file, nil, 0, box.vorbisCallbacks)
        guard status == 0 else {
            file.deallocate()
            throw .decodeFailed(path, reason: "not a readable Ogg Vorbis stream (\(OggErrorCode.reason(Int(status))))")
        }
        guard let info = ov_info(file, -1)?.pointee, info.rate > 0, info.channels > 0 else {
            ov_clear(file)
            file.deallocate()
            throw .decodeFailed(path, reason: "no Vorbis stream information")
        }
        self.file = file
        self.path = path
        self.source = box
        linkTitles = source.isLiveStream ? OggLinkTitles() : nil
        format = AudioFormat(sampleRate: info.rate, channels: Int(info.channels))
        let total = ov_pcm_total(file, -1)
        frameCount = total > 0 ? Int(total) : nil
    }

    deinit {
        ov_clear(file)
        file.deallocate()
    }

    func read(into output: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        let channels = format.channels
        let wanted = output.count / channels
        guard wanted > 0 else { return 0 }
        while true {
            var pcm: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
            var link: Int32 = 0
            let frames = ov_read_float(file, &pcm, Int32(min(wanted, Int(Int32.max))), &link)
            if frames == Int(OV_HOLE) { continue }
            guard frames >= 0 else { throw .decodeFailed(path, reason: OggErrorCode.reason(frames)) }
            guard frames > 0, let pcm else { return 0 }
            guard let info = ov_info(file, link)?.pointee, info.rate == format.sampleRate, Int(info.channels) == channels else {
                throw .decodeFailed(path, reason: "a chained stream changes its rate or channel count")
            }
            for channel in 0..<channels {
                guard let samples = pcm[channel] else { continue }
                for frame in 0..<frames { output[frame * channels + channel] = samples[frame] }
            }
            sayLinkTitle()
            return frames * channels
        }
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        let status = ov_pcm_seek(file, ogg_int64_t(max(frame, 0)))
        guard status == 0 else {
            throw .decodeFailed(path, reason: "seek to frame \(frame) failed (\(OggErrorCode.reason(Int(status))))")
        }
    }

    /// Tells the source's listener the song of the link just read, when it is new.
    private func sayLinkTitle() {
        guard linkTitles != nil else { return }
        let file = file
        let said = linkTitles?.said(byLink: ov_serialnumber(file, -1)) {
            guard let comment = ov_comment(file, -1)?.pointee else { return [] }
            return OggLinkTitles.comments(
                comment.user_comments, lengths: comment.comment_lengths, count: comment.comments, encoding: source.source.metadataEncoding)
        }
        if let said { source.source.onMetadata?(said) }
    }
}
