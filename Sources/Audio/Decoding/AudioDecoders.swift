import Glibc

/// The one place a decoder is chosen for a file: by its content (``AudioFileKind``), never
/// by its name. The engine and the prompt player open every file here.
enum AudioDecoders {
    /// Opens `path` with the decoder its first bytes call for.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file cannot be read, holds
    ///   none of the known formats, or is corrupt.
    static func open(path: String) throws(AudioError) -> any AudioDecoder {
        let kind = try kind(of: path)
        return try open(FileByteSource(path: path), as: kind)
    }

    /// The decoder for `kind` reading `source` from its start.
    static func open(_ source: any ByteSource, as kind: AudioFileKind) throws(AudioError) -> any AudioDecoder {
        switch kind {
        case .flac: try FLACDecoder(source: source)
        case .vorbis: try VorbisDecoder(source: source)
        case .opus: try OpusDecoder(source: source)
        case .wav: try WAVDecoder(source: source)
        case .mpeg: try MPG123Decoder(source: source)
        case .otherOgg:
            throw .decodeFailed(source.name, reason: "an Ogg file that holds neither Vorbis nor Opus audio")
        }
    }

    /// What the file at `path` holds, from its first bytes (after an ID3v2 tag, which
    /// MP3 and, rarely, FLAC files begin with).
    static func kind(of path: String) throws(AudioError) -> AudioFileKind {
        let descriptor: Int32
        do {
            descriptor = try RegularFile.open(path)
        } catch {
            throw .decodeFailed(path, reason: error.reason)
        }
        defer { close(descriptor) }
        let header = readHeader(descriptor, at: 0)
        let tagLength = AudioFileKind.id3v2Length(header)
        guard tagLength > 0 else { return AudioFileKind(header: header) }
        // After a tag only FLAC is looked for: anything else there is left to the MPEG decoder.
        return AudioFileKind(header: readHeader(descriptor, at: tagLength)) == .flac ? .flac : .mpeg
    }

    private static func readHeader(_ descriptor: Int32, at offset: Int) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: AudioFileKind.headerLength)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        return Array(header.prefix(max(count, 0)))
    }
}
