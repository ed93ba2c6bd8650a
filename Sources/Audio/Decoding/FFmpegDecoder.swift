import CFFmpeg
import Glibc

/// An ``AudioDecoder`` for MP4 audio (`.m4a`, `.m4b`, `.mp4`: AAC-LC, HE-AAC, ALAC) and raw
/// ADTS AAC, backed by FFmpeg's libavformat and libavcodec, reading through the byte-source
/// seam by an I/O context of its own (``ByteSourceBox/ioContext(bufferSize:)``).
///
/// FFmpeg is held to what this decoder is for: the MP4 and ADTS demuxers
/// (``FFmpegStream/demuxers``), the AAC and ALAC decoders (``FFmpegStream/codecs``) and no
/// protocol (a file that refers to other files
/// opens none of them). Samples come out as interleaved floats through libswresample, at
/// the stream's own rate; more than two channels are mixed down to two.
///
/// Gapless: the encoder's priming and padding, which the file states in an edit list or an
/// `iTunSMPB` tag, are dropped by libavformat and libavcodec, so frame 0 is the first sample
/// of the music. The format is taken from the first decoded frame (HE-AAC's rate is twice
/// the one its header states). A seek lands on the exact sample: it starts decoding
/// ``FFmpegStream/seekPreroll`` samples earlier, so AAC's overlapping transform is whole again, and drops
/// what comes before the target.
final class FFmpegDecoder: AudioDecoder {
    let format: AudioFormat
    let frameCount: Int?
    /// The bytes FFmpeg reads through its I/O context, kept while it may call back.
    private let source: ByteSourceBox
    private let stream: FFmpegStream

    /// Opens the MP4 or ADTS stream `source` holds and decodes its first frame, to learn
    /// the format.
    /// - Parameters:
    ///   - source: the bytes.
    ///   - adts: whether it is raw ADTS AAC rather than MP4.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it is neither, holds no AAC or
    ///   ALAC audio, or its first frame cannot be decoded.
    init(source: any ByteSource, adts: Bool = false) throws(AudioError) {
        let box = ByteSourceBox(source)
        let stream = try FFmpegStream(box, adts: adts, name: source.name)
        guard let first = try stream.decodeFrame() else { throw .decodeFailed(source.name, reason: "no audio frame could be decoded") }
        self.source = box
        self.stream = stream
        format = first
        frameCount = stream.frameCount(at: first.sampleRate)
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        try stream.read(into: UnsafeMutableBufferPointer(rebasing: buffer[..<(buffer.count - buffer.count % format.channels)]))
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        try stream.seek(toFrame: frame, sampleRate: format.sampleRate)
    }
}
