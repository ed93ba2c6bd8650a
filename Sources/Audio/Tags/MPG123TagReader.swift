import CMPG123

/// Reads ID3v1 and ID3v2 (2.2–2.4, every text encoding, converted to UTF-8 by libmpg123)
/// tags and the duration of MP3 files.
///
/// Stateless and safe to use from any thread: each call opens its own handle.
public struct MPG123TagReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads the tags of the file at `path`.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file is not a readable MP3.
    public func tags(at path: String) throws(AudioError) -> FileTags {
        let decoder = try MPG123Decoder(path: path)
        return decoder.withHandle { handle in
            var tags = FileTags(sampleRate: decoder.format.sampleRate, channels: decoder.format.channels)
            if let frames = decoder.frameCount {
                tags.duration = Double(frames) / Double(decoder.format.sampleRate)
            }
            var v1: UnsafeMutablePointer<mpg123_id3v1>?
            var v2: UnsafeMutablePointer<mpg123_id3v2>?
            mpg123_meta_check(handle)
            guard mpg123_id3(handle, &v1, &v2) == MPG123_OK.rawValue else { return tags }
            if let v2 = v2?.pointee { read(v2, into: &tags) }
            if let v1 = v1?.pointee { fill(&tags, from: v1) }
            return tags
        }
    }

    private func read(_ v2: mpg123_id3v2, into tags: inout FileTags) {
        tags.title = text(v2.title)
        tags.artist = text(v2.artist)
        tags.album = text(v2.album)
        for index in 0..<Int(v2.texts) {
            let frame = v2.text[index]
            let id = withUnsafeBytes(of: frame.id) { String(decoding: $0, as: UTF8.self) }
            if id == "TRCK", let value = text(frame.text) {
                tags.trackNumber = Int(value.split(separator: "/").first ?? "")
            }
        }
    }

    private func fill(_ tags: inout FileTags, from v1: mpg123_id3v1) {
        guard withUnsafeBytes(of: v1.tag, { Array($0) }) == Array("TAG".utf8) else { return }
        tags.title = tags.title ?? withUnsafeBytes(of: v1.title) { latin1($0) }
        tags.artist = tags.artist ?? withUnsafeBytes(of: v1.artist) { latin1($0) }
        tags.album = tags.album ?? withUnsafeBytes(of: v1.album) { latin1($0) }
        let comment = withUnsafeBytes(of: v1.comment) { Array($0) }
        if tags.trackNumber == nil, comment[28] == 0, comment[29] != 0 { tags.trackNumber = Int(comment[29]) }
    }

    private func text(_ string: UnsafeMutablePointer<mpg123_string>?) -> String? {
        guard let string else { return nil }
        return text(string.pointee)
    }

    private func text(_ value: mpg123_string) -> String? {
        guard let bytes = value.p, value.fill > 1 else { return nil }
        return nonEmpty(String(decoding: UnsafeRawBufferPointer(start: bytes, count: value.fill - 1), as: UTF8.self))
    }

    /// A NUL-padded ID3v1 field. ID3v1 has no declared encoding; Latin-1 is what writers use.
    private func latin1(_ field: UnsafeRawBufferPointer) -> String? {
        var utf8: [UInt8] = []
        for byte in field.prefix(while: { $0 != 0 }) {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8 += [0xC0 | byte >> 6, 0x80 | byte & 0x3F]
            }
        }
        return nonEmpty(String(decoding: utf8, as: UTF8.self))
    }

    private func nonEmpty(_ value: String) -> String? {
        let trimmed = value.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\0" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
