/// The one place a decoder is chosen for a file: by its content (``AudioFileKind``), never
/// by its name. The engine and the prompt player open every file here.
enum AudioDecoders {
    /// Opens `location` (a file's path, unless `bytes` reaches further) with the decoder its
    /// first bytes call for. A remote source's decoder is decoded ahead on a thread of its
    /// own (``PrefetchingDecoder``); one that cannot seek (a live stream) is read from where
    /// it was joined.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the bytes cannot be read, hold
    ///   none of the known formats, or are corrupt; what `bytes` throws.
    static func open(_ location: String, bytes: ByteSourceOpener = FileByteSource.opener) throws(AudioError) -> any AudioDecoder {
        let source = try bytes(location)
        guard source.isRemote else { return try open(source) }
        return try PrefetchingDecoder.open(source) { source throws(AudioError) in try open(source) }
    }

    /// The decoder for what `source` holds, from its start: told by its first bytes, which a
    /// source that cannot seek (a live stream) reads only once.
    private static func open(_ source: any ByteSource) throws(AudioError) -> any AudioDecoder {
        guard source.isSeekable else {
            let replaying = try HeaderReplayingSource(source)
            let kind = AudioFileKind.id3v2Length(replaying.header) > 0 ? .mpeg : AudioFileKind(header: replaying.header)
            return try open(replaying, as: kind)
        }
        let kind = try kind(of: source)
        try source.seek(to: 0)
        return try open(source, as: kind)
    }

    /// The decoder for `kind` reading `source` from its start.
    static func open(_ source: any ByteSource, as kind: AudioFileKind) throws(AudioError) -> any AudioDecoder {
        switch kind {
        case .flac: try FLACDecoder(source: source)
        case .vorbis: try VorbisDecoder(source: source)
        case .opus: try OpusDecoder(source: source)
        case .wav: try WAVDecoder(source: source)
        case .mpeg: try MPG123Decoder(source: source)
        case .mp4: try FFmpegDecoder(source: source)
        case .adts: try FFmpegDecoder(source: source, adts: true)
        case .otherOgg:
            throw .decodeFailed(source.name, reason: "an Ogg file that holds neither Vorbis nor Opus audio")
        }
    }

    /// What `source` holds, from its first bytes (after an ID3v2 tag, which MP3 and,
    /// rarely, FLAC files begin with); leaves the next read after what it looked at.
    static func kind(of source: any ByteSource) throws(AudioError) -> AudioFileKind {
        let header = try readHeader(source, at: 0)
        let tagLength = AudioFileKind.id3v2Length(header)
        guard tagLength > 0 else { return AudioFileKind(header: header) }
        // After a tag only FLAC and ADTS are looked for: anything else is left to the MPEG decoder.
        let kind = AudioFileKind(header: try readHeader(source, at: Int64(tagLength)))
        return kind == .flac || kind == .adts ? kind : .mpeg
    }

    private static func readHeader(_ source: any ByteSource, at offset: Int64) throws(AudioError) -> [UInt8] {
        // A tag that claims to run past the end leaves no header to look at.
        guard (try? source.seek(to: offset)) != nil else { return [] }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: AudioFileKind.headerLength, alignment: 1)
        defer { buffer.deallocate() }
        let count = try source.readFully(into: buffer)
        return Array(buffer.prefix(count))
    }

}
