/// Why a file cannot be part of the library: what `Audio`'s tag scan finds and what
/// `library.problems` lists.
public enum TagReadFailure: Error, Equatable, Sendable {
    /// The file has no bytes.
    case empty
    /// The file ends inside its ID3v2 tag or before its first complete MPEG audio frame.
    case truncated
    /// No run of MPEG audio frames was found: another format, text or random bytes.
    case notMP3
    /// The ID3v2 tag declares more than 8 MiB, the most a scan accepts (or more than the file has).
    case oversizedTag(bytes: Int)
    /// The file is none of the formats the library plays: no MP3 frames, FLAC stream or Ogg
    /// Vorbis or Opus stream.
    case unsupportedFormat
    /// The file starts as a FLAC, Ogg Vorbis or Opus file (`format`) but its headers are
    /// damaged or cut short; `reason` says where.
    case malformed(format: String, reason: String)
    /// The file could not be opened or read, or libmpg123 refused it; `reason` says why.
    case unreadable(reason: String)
}

extension TagReadFailure: CustomStringConvertible {
    /// A sentence saying what is wrong with the file, as `library.problems` shows it.
    public var description: String {
        switch self {
        case .empty: "empty file"
        case .truncated: "truncated: the file ends before a complete MP3 frame"
        case .notMP3: "not an MP3 file: no MPEG audio frames found"
        case .oversizedTag(let bytes): "oversized tag: the ID3v2 tag declares \(bytes) bytes"
        case .unsupportedFormat: "not a supported audio file: no MP3 frames, FLAC stream, Ogg Vorbis/Opus stream, MPEG-4 or AAC audio found"
        case .malformed(let format, let reason): "damaged \(format) file: \(reason)"
        case .unreadable(let reason): "unreadable: \(reason)"
        }
    }
}
