import TagReading

/// The `KEY=value` comments of a Vorbis comment block: FLAC's VORBIS_COMMENT block and the
/// comment headers of Ogg Vorbis and Opus streams, which share its layout (a little-endian
/// length before the vendor string, the comment count and each comment).
///
/// Keys are compared case-insensitively and the first non-empty value of a key wins:
/// TITLE, ARTIST, ALBUM, ALBUMARTIST (or `ALBUM ARTIST`, `ALBUM_ARTIST`), GENRE, COMPOSER,
/// TRACKNUMBER and DISCNUMBER (the number before any `/`), DATE (its year), the ReplayGain
/// keys (``ReplayGain``) and METADATA_BLOCK_PICTURE (a base64 FLAC picture block).
struct VorbisComments {
    /// Each comment's key, uppercased, and value, in file order.
    private(set) var fields: [(key: String, value: String)] = []

    /// The most comments read from one block: far more than any tagger writes.
    static let maximumCount = 100_000

    /// Reads the comments at the cursor. A comment whose length runs past the end of the
    /// block ends the reading; those before it are kept.
    /// - Returns: `nil` when not even the vendor string and comment count fit.
    init?(_ cursor: inout ByteCursor) {
        guard let vendorLength = cursor.uint32LE(), cursor.skip(Int(vendorLength)), let count = cursor.uint32LE() else {
            return nil
        }
        for _ in 0..<min(Int(count), Self.maximumCount) {
            guard let length = cursor.uint32LE(), let comment = cursor.take(Int(length)) else { break }
            guard let equals = comment.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: comment[..<equals], as: UTF8.self).uppercased()
            guard let value = TagText.nonEmpty(String(decoding: comment[(equals + 1)...], as: UTF8.self)) else { continue }
            fields.append((key, value))
        }
    }

    /// Whether `key` is a chapter's start, `CHAPTERnnn` (its `CHAPTERnnnNAME` follows it).
    private static func isChapterMark(_ key: String) -> Bool {
        let digits = key.utf8.dropFirst(7)
        return key.hasPrefix("CHAPTER") && !digits.isEmpty && digits.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Fills the fields of `tags` that are still unknown from these comments.
    func apply(to tags: inout FileTags) {
        tags.comments = fields.filter { !["METADATA_BLOCK_PICTURE", "COVERART"].contains($0.key) }
            .map { FileTags.Comment(key: $0.key, value: $0.value) }
        var chosen: FLACPicture?
        for (key, value) in fields {
            switch key {
            case "TITLE": tags.title = tags.title ?? value
            case "ARTIST": tags.artist = tags.artist ?? value
            case "ALBUM": tags.album = tags.album ?? value
            case "ALBUMARTIST", "ALBUM ARTIST", "ALBUM_ARTIST": tags.albumArtist = tags.albumArtist ?? value
            case "GENRE": tags.genre = tags.genre ?? value
            case "COMPOSER": tags.composer = tags.composer ?? value
            case "TRACKNUMBER": tags.trackNumber = tags.trackNumber ?? TagText.position(value)
            case "DISCNUMBER": tags.discNumber = tags.discNumber ?? TagText.position(value)
            case "DATE": tags.year = tags.year ?? TagText.year(value)
            case "METADATA_BLOCK_PICTURE":
                guard chosen?.type != FLACPicture.frontCover, let block = Base64.decode(value),
                    let picture = FLACPicture(block), FLACPicture.prefers(picture, over: chosen)
                else { continue }
                chosen = picture
            case _ where Self.isChapterMark(key): tags.hasChapterMarks = true
            case _ where tags.musicBrainz.record(key, value): continue
            default: tags.replayGain.record(key, value)
            }
        }
        tags.picture = tags.picture ?? chosen?.picture
    }
}
