import CMPG123
import TagReading

/// Reads ID3v1 and ID3v2 tags, the embedded cover and the duration of MP3 files.
///
/// ID3v2.2 to 2.4 in every text encoding: libmpg123 converts the text to UTF-8 and maps the
/// three-letter ID3v2.2 text frame ids (TP2, TCM, TPA…) to their four-letter names; it
/// drops the ID3v2.2 PIC frame, so only ID3v2.3/2.4 APIC covers are seen. ID3v2 wins over
/// ID3v1 field by field.
///
/// Stateless and safe to use from any thread: each call opens its own handle, which keeps
/// APIC pictures (the playback decoder's handles do not).
public struct MPG123TagReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// Reads the tags of the file at `path`.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file is not a readable MP3.
    public func tags(at path: String) throws(AudioError) -> FileTags {
        tags(of: try MPG123Decoder(path: path, keepingPictures: true))
    }

    /// Everything the open `decoder`'s handle knows about its file.
    func tags(of decoder: MPG123Decoder) -> FileTags {
        decoder.withHandle { handle in
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
        var originalYear: Int?
        for index in 0..<Int(v2.texts) {
            let frame = v2.text[index]
            let id = withUnsafeBytes(of: frame.id) { String(decoding: $0, as: UTF8.self) }
            // Genre values stay apart: each may be a reference such as "(13)".
            guard let value = text(frame.text, separator: id == "TCON" ? "\0" : ", ") else { continue }
            switch id {
            case "TPE2": tags.albumArtist = value
            case "TCON": tags.genre = ID3Genre.resolve(value)
            case "TCOM": tags.composer = value
            case "TRCK": tags.trackNumber = TagText.position(value)
            case "TPOS": tags.discNumber = TagText.position(value)
            case "TDRC", "TYER": tags.year = tags.year ?? TagText.year(value)
            case "TDOR", "TORY": originalYear = originalYear ?? TagText.year(value)
            default: break
            }
        }
        tags.year = tags.year ?? originalYear
        tags.picture = cover(v2)
        readExtras(v2, into: &tags)
    }

    /// The first front cover (APIC type 3), or else the first picture of any type.
    private func cover(_ v2: mpg123_id3v2) -> EmbeddedPicture? {
        guard let pictures = v2.picture, v2.pictures > 0 else { return nil }
        let all = UnsafeBufferPointer(start: pictures, count: Int(v2.pictures))
        guard let chosen = all.first(where: { $0.type == 3 }) ?? all.first, let data = chosen.data, chosen.size > 0
        else { return nil }
        return EmbeddedPicture(
            data: Array(UnsafeBufferPointer(start: data, count: chosen.size)), declaredMimeType: text(chosen.mime_type))
    }

    /// The ReplayGain values and MusicBrainz identifiers of the TXXX frames, by their
    /// descriptions (`REPLAYGAIN_TRACK_GAIN`, `MusicBrainz Album Id`).
    private func readExtras(_ v2: mpg123_id3v2, into tags: inout FileTags) {
        guard let extras = v2.extra, v2.extras > 0 else { return }
        for extra in UnsafeBufferPointer(start: extras, count: Int(v2.extras)) {
            guard let key = text(extra.description), let value = text(extra.text) else { continue }
            if !tags.musicBrainz.record(key, value) { tags.replayGain.record(key, value) }
        }
    }

    private func fill(_ tags: inout FileTags, from v1: mpg123_id3v1) {
        guard withUnsafeBytes(of: v1.tag, { Array($0) }) == Array("TAG".utf8) else { return }
        tags.title = tags.title ?? withUnsafeBytes(of: v1.title) { latin1($0) }
        tags.artist = tags.artist ?? withUnsafeBytes(of: v1.artist) { latin1($0) }
        tags.album = tags.album ?? withUnsafeBytes(of: v1.album) { latin1($0) }
        tags.genre = tags.genre ?? ID3Genre.name(Int(v1.genre))
        tags.year = tags.year ?? withUnsafeBytes(of: v1.year) { latin1($0) }.flatMap(TagText.year)
        let comment = withUnsafeBytes(of: v1.comment) { Array($0) }
        if tags.trackNumber == nil, comment[28] == 0, comment[29] != 0 { tags.trackNumber = Int(comment[29]) }
    }

    private func text(_ string: UnsafeMutablePointer<mpg123_string>?) -> String? {
        guard let string else { return nil }
        return text(string.pointee)
    }

    /// A frame's text. libmpg123 keeps the NUL between the values of an ID3v2.4 frame that
    /// holds several; they are joined with `separator`, and empty ones dropped. In UTF-16
    /// each value has its own byte-order mark, and libmpg123 leaves all but the first in the
    /// text as U+FEFF; they are dropped.
    private func text(_ value: mpg123_string, separator: String = ", ") -> String? {
        guard let bytes = value.p, value.fill > 1 else { return nil }
        let raw = String(decoding: UnsafeRawBufferPointer(start: bytes, count: value.fill - 1), as: UTF8.self)
        let values = raw.split(separator: "\0").compactMap { TagText.nonEmpty(String($0.drop { $0 == "\u{FEFF}" })) }
        return values.isEmpty ? nil : values.joined(separator: separator)
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
        return TagText.nonEmpty(String(decoding: utf8, as: UTF8.self))
    }
}
