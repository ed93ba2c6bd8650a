import CFFmpeg
public import Playback

/// Reads the chapter marks of a local file through libavformat's demuxers, which know each
/// format's own: MP4 chapter tracks and Nero `chpl` (`mov`), ID3v2 `CHAP` frames (`mp3`)
/// and Vorbis `CHAPTERnnn` comments (`flac`, `ogg`). Only those demuxers are allowed, and no
/// protocol: the file is read through a ``FileByteSource`` by FFmpeg's I/O over it.
///
/// Reads headers only, never audio. Safe to call from several threads at once.
public enum ChapterReader {
    /// The demuxers asked, by FFmpeg's names.
    static let demuxers = "mov,mp3,flac,ogg"
    /// The most chapters kept from one file.
    public static let maximumChapters = 10_000

    /// The chapter marks of the file at `path`, in file order; empty when it has none or
    /// cannot be read.
    public static func chapters(at path: String) -> [Chapter] {
        guard rondo_ffmpeg_load() == nil, let source = try? FileByteSource(path: path) else { return [] }
        let box = ByteSourceBox(source)
        // FFmpeg holds the box's pointer unretained: it must live until the input is closed.
        return withExtendedLifetime(box) { chapters(reading: box, name: path) }
    }

    private static func chapters(reading box: ByteSourceBox, name path: String) -> [Chapter] {
        guard let io = box.ioContext() else { return [] }
        defer {
            var context: UnsafeMutablePointer<AVIOContext>? = io
            av_freep(&io.pointee.buffer)
            avio_context_free(&context)
        }
        guard let container = avformat_alloc_context() else { return [] }
        container.pointee.pb = io
        container.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", demuxers, 0)
        av_dict_set(&options, "protocol_whitelist", "none", 0)
        var opened: UnsafeMutablePointer<AVFormatContext>? = container
        let status = avformat_open_input(&opened, path, nil, &options)
        av_dict_free(&options)
        guard status >= 0, let input = opened else { return [] }
        defer { avformat_close_input(&opened) }
        let count = min(Int(input.pointee.nb_chapters), maximumChapters)
        return (0..<count).compactMap { index -> Chapter? in
            guard let chapter = input.pointee.chapters[index]?.pointee, chapter.time_base.den > 0 else { return nil }
            let start = Double(chapter.start) * Double(chapter.time_base.num) / Double(chapter.time_base.den)
            let title = av_dict_get(chapter.metadata, "title", nil, 0).flatMap { $0.pointee.value.map { String(cString: $0) } }
            return Chapter(title: title.flatMap { $0.isEmpty ? nil : $0 }, start: start)
        }
    }
}
