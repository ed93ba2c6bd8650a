import Foundation
import GRDB
import RondoProtocol
import TagReading

/// Writes scan results inside one transaction: tracks with their album, artist and genre
/// rows, problems and playlists.
///
/// Missing tags get the library's defaults: the file name for the title, "Unknown Artist"
/// and "Unknown Album" for grouping. An album is grouped by its album artist (else artist)
/// and title; spoken-word albums are grouped apart from music and have no artist row, so
/// they never appear under Artists.
struct ScanBatchWriter {
    static let unknownArtist = "Unknown Artist"
    static let unknownAlbum = "Unknown Album"

    let db: Database
    /// Row ids by table and key, so the files of one album look its rows up once per batch.
    private var rowIDs: [String: Int64] = [:]
    /// Folded names, which repeat across the files of an artist or album.
    private var folded: [String: String] = [:]

    init(db: Database) {
        self.db = db
    }

    mutating func write(_ file: ScannedFile) throws {
        switch file {
        case .track(let path, let stamp, let tags, let isSpokenWord):
            try db.cachedStatement(sql: "DELETE FROM problem WHERE path = ?").execute(arguments: [path])
            try writeTrack(path: path, stamp: stamp, tags: tags, isSpokenWord: isSpokenWord)
        case .problem(let path, let stamp, let reason):
            try db.cachedStatement(sql: "DELETE FROM track WHERE path = ?").execute(arguments: [path])
            try db.cachedStatement(sql: "DELETE FROM playlist WHERE path = ?").execute(arguments: [path])
            try db.cachedStatement(
                sql: """
                    INSERT INTO problem (path, reason, size, mtime) VALUES (?, ?, ?, ?)
                    ON CONFLICT (path) DO UPDATE SET reason = excluded.reason, size = excluded.size, mtime = excluded.mtime
                    """
            ).execute(arguments: [path, reason, stamp.size, stamp.modified])
        case .playlist(let path, let stamp, let entries):
            try db.cachedStatement(sql: "DELETE FROM problem WHERE path = ?").execute(arguments: [path])
            try writePlaylist(path: path, stamp: stamp, entries: entries)
        }
    }

    private mutating func writeTrack(path: String, stamp: FileStamp, tags: ScannedTags, isSpokenWord: Bool) throws {
        let title = tags.title ?? Self.fileTitle(path)
        let artistName = tags.albumArtist ?? tags.artist ?? Self.unknownArtist
        let albumTitle = tags.albumTitle ?? Self.unknownAlbum
        let artistID = isSpokenWord ? nil : try artistRow(artistName)
        let albumKey = (isSpokenWord ? "spoken\u{1F}" : "") + fold(artistName) + "\u{1F}" + fold(albumTitle)
        let albumID = try albumRow(
            key: albumKey, title: albumTitle, artistID: artistID, artistName: artistName, isSpokenWord: isSpokenWord)
        let genreID: Int64? = if let genre = tags.genre, !isSpokenWord { try genreRow(genre) } else { nil }
        try db.cachedStatement(
            sql: """
                INSERT INTO track (
                    path, identifier, size, mtime, title, title_sort, artist, artist_sort, album_title, album_artist,
                    genre, composer, disc_number, track_number, year, duration, sample_rate, channels,
                    is_spoken_word, artwork_path, artwork_mime, artwork_width, artwork_height, album_id, genre_id,
                    track_gain, track_peak, album_gain, album_peak)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET
                    size = excluded.size, mtime = excluded.mtime, title = excluded.title,
                    title_sort = excluded.title_sort, artist = excluded.artist, artist_sort = excluded.artist_sort,
                    album_title = excluded.album_title, album_artist = excluded.album_artist, genre = excluded.genre,
                    composer = excluded.composer, disc_number = excluded.disc_number,
                    track_number = excluded.track_number, year = excluded.year, duration = excluded.duration,
                    sample_rate = excluded.sample_rate, channels = excluded.channels,
                    is_spoken_word = excluded.is_spoken_word, artwork_path = excluded.artwork_path,
                    artwork_mime = excluded.artwork_mime, artwork_width = excluded.artwork_width,
                    artwork_height = excluded.artwork_height, album_id = excluded.album_id,
                    genre_id = excluded.genre_id, track_gain = excluded.track_gain, track_peak = excluded.track_peak,
                    album_gain = excluded.album_gain, album_peak = excluded.album_peak
                """
        ).execute(arguments: [
            path, TrackIdentifier.make(path: path), stamp.size, stamp.modified,
            title, SortKey.fold(title), tags.artist, SortKey.artist(tags.artist ?? artistName), tags.albumTitle,
            tags.albumArtist, tags.genre, tags.composer, tags.discNumber, tags.trackNumber, tags.year,
            tags.duration, tags.sampleRate, tags.channels, isSpokenWord, tags.artwork?.path,
            tags.artwork?.mimeType, tags.artwork?.width, tags.artwork?.height, albumID, genreID,
            tags.replayGain.trackGain, tags.replayGain.trackPeak, tags.replayGain.albumGain, tags.replayGain.albumPeak,
        ])
    }

    private func writePlaylist(path: String, stamp: FileStamp, entries: [String]) throws {
        let fileName = (path as NSString).lastPathComponent
        let name = (fileName as NSString).deletingPathExtension
        let id = try Int64.fetchOne(
            db,
            sql: """
                INSERT INTO playlist (path, identifier, name, name_sort, size, mtime) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime
                RETURNING id
                """,
            arguments: [
                path, CatalogIdentifier.make(CatalogIdentifier.playlistPrefix, key: path), name, SortKey.fold(name),
                stamp.size, stamp.modified,
            ])
        try db.execute(sql: "DELETE FROM playlist_entry WHERE playlist_id = ?", arguments: [id])
        let insert = try db.cachedStatement(sql: "INSERT INTO playlist_entry (playlist_id, position, path) VALUES (?, ?, ?)")
        for (position, entry) in entries.enumerated() { try insert.execute(arguments: [id, position, entry]) }
    }

    private mutating func artistRow(_ name: String) throws -> Int64 {
        let key = fold(name)
        return try row(
            "artist", key: key,
            insert: "INSERT INTO artist (key, identifier, name, sort_key) VALUES (?, ?, ?, ?) RETURNING id",
            arguments: [key, CatalogIdentifier.make(CatalogIdentifier.artistPrefix, key: key), name, SortKey.artist(name)])
    }

    private mutating func albumRow(key: String, title: String, artistID: Int64?, artistName: String, isSpokenWord: Bool) throws
        -> Int64
    {
        try row(
            "album", key: key,
            insert: """
                INSERT INTO album (key, identifier, title, title_sort, artist_id, artist_name, artist_sort, is_spoken_word)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """,
            arguments: [
                key, CatalogIdentifier.make(CatalogIdentifier.albumPrefix, key: key), title, SortKey.fold(title),
                artistID, artistName, SortKey.artist(artistName), isSpokenWord,
            ])
    }

    private mutating func genreRow(_ name: String) throws -> Int64 {
        let key = fold(name)
        return try row(
            "genre", key: key, insert: "INSERT INTO genre (key, identifier, name) VALUES (?, ?, ?) RETURNING id",
            arguments: [key, CatalogIdentifier.make(CatalogIdentifier.genrePrefix, key: key), name])
    }

    /// The id of `table`'s row with `key`, inserted with `insert` when there is none.
    private mutating func row(_ table: String, key: String, insert: String, arguments: StatementArguments) throws
        -> Int64
    {
        if let id = rowIDs[table + "\u{1F}" + key] { return id }
        let existing = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM \(table) WHERE key = ?"), arguments: [key])
        guard let id = try existing ?? Int64.fetchOne(db.cachedStatement(sql: insert), arguments: arguments) else {
            throw StoreError.sqlite(path: "", message: "inserting into \(table) returned no id")
        }
        rowIDs[table + "\u{1F}" + key] = id
        return id
    }

    /// ``SortKey/fold(_:)``, remembered for the batch.
    private mutating func fold(_ name: String) -> String {
        if let known = folded[name] { return known }
        let key = SortKey.fold(name)
        folded[name] = key
        return key
    }

    /// A file's name without its extension: the title of a track whose tags have none.
    static func fileTitle(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
