import RondoTesting
import Testing

@testable import Audio

/// The compressed formats beside MP3, and what their fixtures (made by make-fixtures.sh) hold.
enum CompressedFormat: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case flac, vorbis, opus

    var fileExtension: String {
        switch self {
        case .flac: "flac"
        case .vorbis: "ogg"
        case .opus: "opus"
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
        }
    }

    /// How far samples read after a seek may stray from a decode from the start: FLAC is
    /// exact, Vorbis all but exact; Opus's decoder carries state, which a seek rebuilds
    /// from 80 ms of pre-roll, so its output converges rather than matches.
    var seekTolerance: Float {
        switch self {
        case .flac: 0
        case .vorbis: 1e-4
        case .opus: 0.05
        }
    }

    /// Frames after a seek before the output matches a decode from the start.
    var settlingFrames: Int { self == .opus ? 2_400 : 0 }

    /// The fixture `stem` in this format (`tone440` → `…/tone440.flac`).
    func fixture(_ stem: String) -> String { Fixtures.path("\(stem).\(fileExtension)") }

    var testDescription: String { rawValue }
}
