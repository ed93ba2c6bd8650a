import RondoTesting
import Testing

@testable import Audio

/// The compressed formats beside MP3, and what their fixtures (made by make-fixtures.sh) hold.
enum CompressedFormat: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case flac, vorbis, opus, aac, alac

    var fileExtension: String {
        switch self {
        case .flac: "flac"
        case .vorbis: "ogg"
        case .opus: "opus"
        case .aac: "m4a"
        case .alac: "m4a"
        }
    }

    /// The rate the fixtures decode at: Opus always decodes at 48 kHz.
    var sampleRate: Int { self == .opus ? 48_000 : 44_100 }

    /// The decoder ``AudioDecoders/open(path:)`` should pick.
    var decoderType: any AudioDecoder.Type {
        switch self {
        case .flac: FLACDecoder.self
        case .vorbis: VorbisDecoder.self
        case .opus: OpusDecoder.self
        case .aac, .alac: FFmpegDecoder.self
        }
    }

    /// How far samples read after a seek may stray from a decode from the start: FLAC is
    /// exact, Vorbis all but exact; Opus's decoder carries state, which a seek rebuilds
    /// from 80 ms of pre-roll, so its output converges rather than matches. AAC's decoder
    /// is rebuilt from four frames of pre-roll, to within 2e-4 (−74 dBFS); ALAC is lossless.
    var seekTolerance: Float {
        switch self {
        case .flac, .alac: 0
        case .vorbis: 1e-4
        case .aac: 5e-4
        case .opus: 0.05
        }
    }

    /// Frames after a seek before the output matches a decode from the start.
    var settlingFrames: Int { self == .opus ? 2_400 : 0 }

    /// The fixture `stem` in this format (`tone440` → `…/tone440.flac`; ALAC's are
    /// `…/tone440-alac.m4a`).
    func fixture(_ stem: String) -> String { Fixtures.path(self == .alac ? "\(stem)-alac.m4a" : "\(stem).\(fileExtension)") }

    var testDescription: String { rawValue }
}
