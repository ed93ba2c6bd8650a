import Audio
import Foundation
import Library
import Playback
import TagReading

/// Library's ``TagReader`` over Audio's ``AudioTagReader``, which reads MP3, FLAC, Ogg Vorbis,
/// Opus and MP4 files by their content, and ``ChapterReader`` for the files that mark
/// chapters; the cover, embedded or the folder's, is written once per distinct image to the
/// ``ArtworkCache``.
///
/// Stateless apart from the cache directory; safe to call from the scanner's threads at once.
struct LibraryTagReader: TagReader {
    private let reader = AudioTagReader()
    private let artworkCache: ArtworkCache

    /// Creates a reader that stores covers in `artworkCache`.
    init(artworkCache: ArtworkCache) {
        self.artworkCache = artworkCache
    }

    /// Reads the file at `path`; a cover that cannot be stored leaves the track without one.
    /// Chapters are read (through libavformat) only from a file whose tags mark some.
    /// - Throws: ``TagReadFailure`` saying why the file cannot be part of the library.
    func readTags(at path: String) throws(TagReadFailure) -> ScannedTags {
        let tags = try reader.scanTags(at: path)
        var scanned = ScannedTags(
            title: tags.title, artist: tags.artist, albumTitle: tags.album, albumArtist: tags.albumArtist,
            genre: tags.genre, composer: tags.composer, discNumber: tags.discNumber, trackNumber: tags.trackNumber,
            year: tags.year, duration: tags.duration, sampleRate: tags.sampleRate, channels: tags.channels,
            artwork: tags.picture.flatMap(artwork), replayGain: tags.replayGain.values,
            chapters: tags.hasChapterMarks ? Self.chapters(at: path, duration: tags.duration) : [])
        scanned.musicBrainz = tags.musicBrainz
        return scanned
    }

    /// The file's chapters as the player orders them, each with its length.
    private static func chapters(at path: String, duration: Double?) -> [ScannedChapter] {
        let chapters = Chapters(ChapterReader.chapters(at: path), duration: duration)
        return chapters.all.enumerated().map { index, chapter in
            ScannedChapter(title: chapter.title, start: chapter.start, duration: chapters.duration(of: index, in: duration))
        }
    }

    /// The folder cover at `path`, kept in the cache as an embedded cover is (so every client
    /// opens it where it opens those); `nil` when it is larger than
    /// ``maximumFolderCoverBytes``, unreadable or no image clients show.
    func folderCover(at path: String) -> CatalogArtwork? {
        Self.folderPicture(at: path).flatMap(artwork)
    }

    /// The largest folder cover read: a poster-sized scan is still a cover, a video is not.
    static let maximumFolderCoverBytes = 32 << 20

    /// The image of the folder cover at `path`; `nil` when it is larger than
    /// ``maximumFolderCoverBytes`` or unreadable.
    static func folderPicture(at path: String) -> EmbeddedPicture? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size <= maximumFolderCoverBytes, let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return EmbeddedPicture(data: [UInt8](data))
    }

    private func artwork(_ picture: EmbeddedPicture) -> CatalogArtwork? {
        guard let url = try? artworkCache.store(picture), let mimeType = picture.mimeType else { return nil }
        return CatalogArtwork(path: url.path, mimeType: mimeType, width: picture.width, height: picture.height)
    }
}
