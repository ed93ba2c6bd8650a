import TagReading

/// What a file's first bytes say it is, whatever its name: FLAC (`fLaC`, possibly behind an
/// ID3v2 tag), Ogg (`OggS`), MPEG-4 (`ftyp`), ADTS AAC (its sync word) or, for anything
/// else, MP3 (an ID3v2 tag or MPEG audio frames, which ``MP3Probe`` then looks for).
enum AudioFileFormat: Equatable {
    /// A FLAC stream whose `fLaC` marker is at `offset`.
    case flac(offset: Int)
    /// An Ogg stream (Vorbis, Opus or another codec, which the first packet tells).
    case ogg
    /// An MPEG-4 file (`.m4a`, `.m4b`, `.mp4`).
    case mp4
    /// Raw AAC in ADTS frames, the first at `offset` (after any ID3v2 tag).
    case adts(offset: Int)
    /// Anything else: an MP3 file, or no audio at all.
    case mp3

    /// The format of `file`, read from at most its first 10 bytes and the 7 after an ID3v2 tag.
    /// - Throws: ``TagReadFailure/unreadable(reason:)`` when a read fails.
    static func detect(_ file: TagFile) throws(TagReadFailure) -> AudioFileFormat {
        let head = try file.bytes(at: 0, count: 10)
        if head.starts(with: Array("fLaC".utf8)) { return .flac(offset: 0) }
        if head.starts(with: OggPage.capturePattern) { return .ogg }
        if head.count >= 8, head[4..<8].elementsEqual("ftyp".utf8) { return .mp4 }
        if ADTSHeader(head) != nil { return .adts(offset: 0) }
        guard head.count == 10, head.starts(with: Array("ID3".utf8)), head[6...9].allSatisfy({ $0 < 0x80 }) else { return .mp3 }
        let tagEnd = 10 + head[6...9].reduce(0) { $0 << 7 | Int($1) } + (head[5] & 0x10 != 0 ? 10 : 0)
        let after = try file.bytes(at: tagEnd, count: 7)
        if after.starts(with: Array("fLaC".utf8)) { return .flac(offset: tagEnd) }
        return ADTSHeader(after) != nil ? .adts(offset: tagEnd) : .mp3
    }
}
