/// The failure codes libvorbisfile and libopusfile share (`OV_*` and `OP_*` have the same
/// values), in words.
enum OggErrorCode {
    /// The reason the code `code` gives, for an ``AudioError/decodeFailed(_:reason:)``.
    static func reason(_ code: Int) -> String {
        switch code {
        case -2: "the stream ends early"
        case -3: "data is missing or corrupt"
        case -128: "the file could not be read"
        case -129: "the decoder ran out of memory"
        case -130: "a feature the decoder does not implement"
        case -131: "an invalid request"
        case -132: "not an Ogg stream of this codec"
        case -133: "a corrupt codec header"
        case -134: "an unsupported codec version"
        case -135: "a stream that is not audio"
        case -136: "a corrupt packet"
        case -137: "a broken chained stream"
        case -138: "the stream cannot be seeked"
        case -139: "a corrupt timestamp"
        default: "error \(code)"
        }
    }
}
