import ContentIdentifiers
import Foundation
import TagReading

/// A readable audio file as a scan writes it: its tags and what the library derives from
/// them (the title a file without one gets, sort and grouping keys, its identifier).
///
/// Made on the thread that read the tags: folding names costs as much as writing the row,
/// and the database has one writing thread while tags are read on several.
///
/// Missing tags get the library's defaults: the file name for the title, "Unknown Artist"
/// and "Unknown Album" for grouping. An album is grouped by its album artist (else artist)
/// and title; spoken-word albums are grouped apart from music.
struct ScannedTrack: Sendable {
    static let unknownArtist = "Unknown Artist"
    static let unknownAlbum = "Unknown Album"

    let path: String
    let stamp: FileStamp
    let tags: ScannedTags
    /// Whether it is a podcast episode or audiobook chapter (``SpokenWord``).
    let isSpokenWord: Bool
    let identifier: String
    /// The title tag, else the file name without its extension.
    let title: String
    let titleSort: String
    /// The sort key of the track's artist (else the album's).
    let artistSort: String
    /// The album's artist: album artist, else artist, else "Unknown Artist".
    let albumArtist: String
    let albumArtistKey: String
    let albumArtistSort: String
    /// The album's title, else "Unknown Album".
    let albumTitle: String
    let albumTitleSort: String
    /// What groups the album's tracks (``SortKey``-folded artist and title; spoken word apart).
    let albumKey: String
    let genreKey: String?

    /// Derives what the library stores from a file's tags.
    init(path: String, stamp: FileStamp, tags: ScannedTags, isSpokenWord: Bool) {
        self.path = path
        self.stamp = stamp
        self.tags = tags
        self.isSpokenWord = isSpokenWord
        identifier = TrackIdentifier.make(path: path)
        title = tags.title ?? Self.fileTitle(path)
        titleSort = SortKey.fold(title)
        albumArtist = tags.albumArtist ?? tags.artist ?? Self.unknownArtist
        albumArtistKey = SortKey.fold(albumArtist)
        let albumArtistSort = SortKey.artist(folded: albumArtistKey)
        self.albumArtistSort = albumArtistSort
        // Usually the track's artist is the album's: it is folded once.
        if let artist = tags.artist, artist != albumArtist {
            artistSort = SortKey.artist(artist)
        } else {
            artistSort = albumArtistSort
        }
        albumTitle = tags.albumTitle ?? Self.unknownAlbum
        albumTitleSort = SortKey.fold(albumTitle)
        albumKey = (isSpokenWord ? "spoken\u{1F}" : "") + albumArtistKey + "\u{1F}" + albumTitleSort
        genreKey = isSpokenWord ? nil : tags.genre.map(SortKey.fold)
    }

    /// A file's name without its extension: the title of a track whose tags have none.
    static func fileTitle(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
