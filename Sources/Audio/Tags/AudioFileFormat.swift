import TagReading

/// What a file's first bytes say it is, whatever its name: FLAC (`fLaC`, possibly behind an
/// ID3v2 tag), Ogg (`OggS`) or, for anything else, MP3 (an ID3v2 tag or MPEG audio frames,
/// which ``MP3Probe`` then looks for).
enum AudioFileFormat: Equatable {
    /// A FLAC stream whose `fLaC` marker is at `offset`.
    case flac(offset: Int)
    /// An Ogg stream (Vorbis, Opus or another codec, which the first packet tells).
    case ogg
    /// Anything else: an MP3 file, or no audio at all.
    case mp3

    /// The format of `file`, read from at most its first 10 bytes and the 4 after an ID3v2 tag.
    /// - Throws: ``TagReadFailure/unreadable(reason:)`` when a read fails.
    static func detect(_ file: TagFile) throws(TagReadFailure) -> AudioFileFormat {
        let head = try file.bytes(at: 0, count: 10)
        if head.starts(with: Array("fLaC".utf8)) { return .flac(offset: 0) }
        if head.starts(with: OggPage.capturePattern) { return .ogg }
        guard head.count == 10, head.starts(with: Array("ID3".utf8)), head[6...9].allSatisfy({ $0 < 0x80 }) else { return .mp3 }
        let tagEnd = 10 + head[6...9].reduce(0) { $0 << 7 | Int($1) } + (head[5] & 0x10 != 0 ? 10 : 0)
        return try file.bytes(at: tagEnd, count: 4) == Array("fLaC".utf8) ? .flac(offset: tagEnd) : .mp3
    }
}
