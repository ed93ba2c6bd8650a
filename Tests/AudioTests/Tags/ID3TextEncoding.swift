/// The four text encodings of ID3v2 frames, and the payload of a text frame in each.
enum ID3TextEncoding: CaseIterable, CustomStringConvertible {
    /// 0: ISO-8859-1, one byte per character.
    case latin1
    /// 1: UTF-16 with a little-endian byte-order mark before each value.
    case utf16LittleEndianWithBOM
    /// 1: UTF-16 with a big-endian byte-order mark before each value.
    case utf16BigEndianWithBOM
    /// 2: UTF-16BE without byte-order mark (ID3v2.4).
    case utf16BigEndian
    /// 3: UTF-8 (ID3v2.4).
    case utf8

    /// The encoding byte that starts the frame.
    var byte: UInt8 {
        switch self {
        case .latin1: 0
        case .utf16LittleEndianWithBOM, .utf16BigEndianWithBOM: 1
        case .utf16BigEndian: 2
        case .utf8: 3
        }
    }

    var description: String {
        switch self {
        case .latin1: "ISO-8859-1"
        case .utf16LittleEndianWithBOM: "UTF-16LE with BOM"
        case .utf16BigEndianWithBOM: "UTF-16BE with BOM"
        case .utf16BigEndian: "UTF-16BE"
        case .utf8: "UTF-8"
        }
    }

    /// A text frame's payload holding `values` (several only in ID3v2.4), each ended by
    /// the encoding's terminator but the last. Latin-1 text must stay below U+0100.
    func payload(_ values: String...) -> [UInt8] {
        let terminator: [UInt8] = [.latin1, .utf8].contains(self) ? [0] : [0, 0]
        let encoded = values.map(encode)
        return [byte] + encoded.dropLast().flatMap { $0 + terminator } + (encoded.last ?? [])
    }

    private func encode(_ value: String) -> [UInt8] {
        func bigEndian(_ unit: UInt16) -> [UInt8] { [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        switch self {
        case .latin1: return value.unicodeScalars.map { UInt8($0.value) }
        case .utf16LittleEndianWithBOM: return [0xFF, 0xFE] + value.utf16.flatMap { bigEndian($0).reversed() }
        case .utf16BigEndianWithBOM: return [0xFE, 0xFF] + value.utf16.flatMap(bigEndian)
        case .utf16BigEndian: return value.utf16.flatMap(bigEndian)
        case .utf8: return Array(value.utf8)
        }
    }
}

/// A 128-byte ID3v1 tag, as found at the very end of a file: fields in Latin-1, padded
/// with NULs. With a `track` it is ID3v1.1: the comment is cut to 28 bytes, then a NUL and
/// the track byte.
func id3v1Tag(
    title: String = "", artist: String = "", album: String = "", year: String = "", comment: String = "",
    track: UInt8? = nil, genre: UInt8 = 255
) -> [UInt8] {
    func field(_ text: String, _ width: Int) -> [UInt8] {
        let bytes = text.unicodeScalars.map { UInt8($0.value) }.prefix(width)
        return Array(bytes) + [UInt8](repeating: 0, count: width - bytes.count)
    }
    let commentField = track.map { field(comment, 28) + [0, $0] } ?? field(comment, 30)
    return Array("TAG".utf8) + field(title, 30) + field(artist, 30) + field(album, 30) + field(year, 4)
        + commentField + [genre]
}
