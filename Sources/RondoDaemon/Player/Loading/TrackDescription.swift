import Audio
import ContentIdentifiers
import Foundation
import Library
import Logging
import Playback
import TagReading

/// What the loader found out about a track's file: what the player shows of it, how loud
/// its tags say it is, and the library's row when the library has the file.
struct TrackDescription: Sendable {
    /// Title, artist, album, cover and identifier.
    var metadata: TrackMetadata
    /// The ReplayGain values of its tags (the library's, or the file's own).
    var replayGain: ReplayGainValues
    /// The library's row, `nil` for a file outside the library.
    var libraryTrack: CatalogTrack?

    /// The description of a library track, from its row alone (no file is opened).
    init(_ track: CatalogTrack) {
        self.init(metadata: TrackMetadata(track), replayGain: track.replayGain, libraryTrack: track)
    }

    /// A description from its parts.
    init(metadata: TrackMetadata, replayGain: ReplayGainValues, libraryTrack: CatalogTrack?) {
        self.metadata = metadata
        self.replayGain = replayGain
        self.libraryTrack = libraryTrack
    }

    /// What the loader opens for the queue entry at `location`: a podcast episode's
    /// downloaded copy while it is there, else the address of its audio (the queue holds
    /// its identifier); anything else is `location` itself. Looks at the disk: for the
    /// loader's threads only.
    func location(of location: String) -> String {
        guard let episode = libraryTrack?.episode else { return location }
        if let copy = episode.downloadedPath, FileManager.default.fileExists(atPath: copy) { return copy }
        return episode.audioURL
    }

    /// What is known of the file at `path` before it is described: where it is, and so
    /// its identifier; every tag key stays absent until the tags are read.
    static func placeholder(_ path: String) -> TrackMetadata {
        TrackMetadata(externalContentIdentifier: TrackIdentifier.make(path: path))
    }

    /// What is shown of a stream before it says more: its address's last name (or its host)
    /// as the title. Nothing is read: a stream tells what it is once it plays.
    static func stream(_ url: String) -> TrackDescription {
        let address = URL(string: url)
        let name = address.flatMap { $0.lastPathComponent.isEmpty || $0.lastPathComponent == "/" ? nil : $0.lastPathComponent }
        return TrackDescription(
            metadata: TrackMetadata(title: name ?? address?.host ?? url, externalContentIdentifier: TrackIdentifier.make(path: url)),
            replayGain: ReplayGainValues(), libraryTrack: nil)
    }

    /// Reads what the player shows of the file at `path`: the library's row when the
    /// library has it (a podcast episode's, by its identifier), else the file's tags, with an
    /// embedded cover (or else its folder's, ``FolderCover``) stored in `artwork`, and
    /// the file's chapter marks (``ChapterReader``) unless the library found it has none. A URL is described by its address
    /// (``stream(_:)``): nothing waits for the network. Reads SQLite or the file: for the
    /// loader's thread only.
    static func read(
        _ path: String, library: LibraryStore?, tags reader: AudioTagReader, artwork: ArtworkCache, logger: Logger
    ) -> TrackDescription {
        if MediaPaths.isStreamURL(path) { return stream(path) }
        if path.hasPrefix(CatalogIdentifier.episodePrefix), let episode = (try? library?.track(atPath: path)) ?? nil {
            return TrackDescription(episode)
        }
        var description: TrackDescription
        let marksChapters: Bool
        if let track = (try? library?.track(atPath: path)) ?? nil {
            description = TrackDescription(track)
            marksChapters = track.chapterCount > 0
        } else {
            let tags = try? reader.scanTags(at: path)
            let folder = (path as NSString).deletingLastPathComponent
            let cover = tags?.picture == nil ? FolderCover.find(in: folder).flatMap(LibraryTagReader.folderPicture) : nil
            description = described(path, by: tags ?? FileTags(), cover: cover, artwork: artwork, logger: logger)
            marksChapters = tags?.hasChapterMarks ?? true
        }
        // The scan counted the file's chapter marks, or its tags were just read: a file
        // without any is not opened again (through FFmpeg, which it may not need at all).
        // One whose tags cannot be read is, as FFmpeg may still find chapters in it.
        if marksChapters { description.metadata.chapters = ChapterReader.chapters(at: path) }
        return description
    }

    /// A remote file described by its tags, read by ranges over a connection of its own
    /// through `bytes`; `nil` for a live stream, a source that cannot seek, or a file whose
    /// tags cannot be read. The title is the address's when the tags have none. Reads the
    /// network: for the loader's thread only.
    static func readRemoteFile(
        _ url: String, tags reader: AudioTagReader, bytes: ByteSourceOpener, artwork: ArtworkCache, logger: Logger
    ) -> TrackDescription? {
        guard let source = try? bytes(url) else { return nil }
        defer { source.close() }
        guard !source.isLiveStream, let tags = try? reader.scanTags(of: source) else { return nil }
        var description = described(url, by: tags, artwork: artwork, logger: logger)
        if description.metadata.title == nil { description.metadata.title = stream(url).metadata.title }
        return description
    }

    /// The description `tags` give the file at `path`, its cover (or else `cover`, its
    /// folder's) stored in `artwork`.
    private static func described(
        _ path: String, by tags: FileTags, cover: EmbeddedPicture? = nil, artwork: ArtworkCache, logger: Logger
    ) -> TrackDescription {
        var artworkURL: String?
        if let picture = tags.picture ?? cover {
            do {
                artworkURL = try artwork.store(picture).absoluteString
            } catch {
                logger.warning("no artwork for \(path): \(error)")
            }
        }
        return TrackDescription(
            metadata: TrackMetadata(tags, location: path, artworkURL: artworkURL), replayGain: tags.replayGain.values,
            libraryTrack: nil)
    }
}
