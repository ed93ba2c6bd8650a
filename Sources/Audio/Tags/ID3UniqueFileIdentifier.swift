import TagReading

/// The MusicBrainz recording identifier of an MP3: the `UFID` frame of its ID3v2.3 or 2.4
/// tag whose owner is `http://musicbrainz.org`, as Picard writes it (libmpg123 hands over
/// text frames only).
///
/// Walks the frame headers from the start of the file, reading no frame body but the
/// `UFID`s'; a tag whose frames are unsynchronised as a whole (ID3v2.3's header flag) or a
/// frame that is compressed or encrypted is not read, and neither is ID3v2.2.
enum ID3UniqueFileIdentifier {
    /// The owner MusicBrainz gives its recordings' identifiers.
    static let musicBrainzOwner = "http://musicbrainz.org"

    /// The recording identifier of the tag at the start of `file`; `nil` when it has none.
    static func musicBrainzRecording(in file: TagFile) -> String? {
        guard let header = try? file.exactly(10, at: 0, or: .truncated), header.starts(with: Array("ID3".utf8)) else { return nil }
        let version = header[3]
        let flags = header[5]
        guard version == 3 || version == 4, flags & 0x80 == 0 || version == 4 else { return nil }
        let end = 10 + syncsafe(header[6..<10])
        var offset = 10
        if flags & 0x40 != 0 {
            guard let extended = try? file.exactly(4, at: offset, or: .truncated) else { return nil }
            offset += version == 4 ? syncsafe(extended[...]) : bigEndian(extended[...]) + 4
        }
        while offset + 10 <= end {
            guard let frame = try? file.exactly(10, at: offset, or: .truncated), frame[0] != 0 else { return nil }
            let size = version == 4 ? syncsafe(frame[4..<8]) : bigEndian(frame[4..<8])
            let body = offset + 10
            offset = body + size
            guard size > 0, offset <= end else { return nil }
            // Compression, encryption or (2.4) unsynchronisation of the frame.
            let transformed = version == 4 ? frame[9] & 0x0E != 0 : frame[9] & 0xC0 != 0
            guard Array(frame[0..<4]) == Array("UFID".utf8), !transformed, size <= 255,
                let bytes = try? file.exactly(size, at: body, or: .truncated),
                let nul = bytes.firstIndex(of: 0),
                String(decoding: bytes[..<nul], as: UTF8.self) == musicBrainzOwner
            else { continue }
            let identifier = String(decoding: bytes[(nul + 1)...], as: UTF8.self)
            return identifier.isEmpty ? nil : identifier
        }
        return nil
    }

    /// Four bytes of seven bits each, most significant first.
    private static func syncsafe(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }

    /// Four bytes, most significant first.
    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
