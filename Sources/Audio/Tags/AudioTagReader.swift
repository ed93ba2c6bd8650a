public import TagReading

/// Reads the tags, stream format, duration, cover and ReplayGain values of a library file,
/// choosing the reader by the file's content, not its name: FLAC (``FLACTagReader``), Ogg
/// Vorbis and Opus (``OggTagReader``), MPEG-4 (``MP4TagReader``) and raw AAC
/// (``ADTSHeader``), all pure Swift, or MP3 (``MPG123TagReader``).
///
/// Stateless and safe to call from several threads at once.
public struct AudioTagReader: Sendable {
    /// The file name extensions of the formats read, lowercased, without the dot.
    public static let fileExtensions = AudioFileExtensions.all

    private let mp3 = MPG123TagReader()

    /// Creates a reader.
    public init() {}

    /// Reads the file at `path` for a library scan (or for now-playing); never decodes audio.
    /// - Throws: ``TagReadFailure`` saying why the file cannot be part of the library: a
    ///   file that is none of the formats is ``TagReadFailure/notMP3`` when named `.mp3`,
    ///   else ``TagReadFailure/unsupportedFormat``.
    public func scanTags(at path: String) throws(TagReadFailure) -> FileTags {
        try read(try TagFile(path: path)) { () throws(TagReadFailure) in
            do throws(TagReadFailure) {
                return try mp3.scanTags(at: path)
            } catch .notMP3 where !path.lowercased().hasSuffix(".mp3") {
                throw .unsupportedFormat
            }
        }
    }

    /// Reads the tags of the file `source` holds, which can seek and knows its length (a
    /// remote file, read by ranges): as ``scanTags(at:)``, but an MP3's ID3v1 tag at the end
    /// is not looked for. The source is left open, at no particular offset.
    /// - Throws: ``TagReadFailure`` saying why its tags cannot be read.
    public func scanTags(of source: any ByteSource) throws(TagReadFailure) -> FileTags {
        try read(try TagFile(source: source)) { () throws(TagReadFailure) in
            do throws(AudioError) {
                try source.seek(to: 0)
                return mp3.tags(of: try MPG123Decoder(source: source, keepingPictures: true))
            } catch {
                throw .unreadable(reason: error.description)
            }
        }
    }

    /// The tags of `file` by the reader of its format; `mp3` reads what is none of the others.
    private func read(_ file: TagFile, mp3: () throws(TagReadFailure) -> FileTags) throws(TagReadFailure) -> FileTags {
        switch try AudioFileFormat.detect(file) {
        case .flac(let offset): return try FLACTagReader(file: file).read(startingAt: offset)
        case .ogg: return try OggTagReader(file: file).read()
        case .mp4: return try MP4TagReader(file: file).read()
        case .adts(let offset): return try ADTSHeader.tags(of: file, at: offset)
        case .mp3:
            var tags = try mp3()
            tags.musicBrainz.track = tags.musicBrainz.track ?? ID3UniqueFileIdentifier.musicBrainzRecording(in: file)
            return tags
        }
    }
}
