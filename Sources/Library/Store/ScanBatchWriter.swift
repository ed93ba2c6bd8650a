import ContentIdentifiers
import Foundation
import GRDB
import TagReading

/// Writes scan results inside one transaction: tracks with their album, artist and genre
/// rows and their chapters, problems and playlists.
///
/// Tracks and the album, artist and genre rows they bring are staged in temporary tables and
/// written by ``finish()``, which the transaction must call before it commits, with one
/// statement per table. One statement, not one per file, because of the search index: FTS5
/// writes what it holds in memory as a new segment of the index at every statement
/// savepoint, so a statement per track made a segment per track, which it then merged again
/// and again (three quarters of the cost of writing a track). New catalog rows get their ids
/// here, following the table's largest, as SQLite would give them; the write transaction
/// holds the only writer.
///
/// Spoken-word albums have no artist row, so they never appear under Artists.
struct ScanBatchWriter {
    /// A catalog table whose new rows a batch stages, and its columns besides `id`.
    private struct CatalogTable: Hashable {
        let name: String
        let columns: String
        var placeholders: String { Array(repeating: "?", count: columns.split(separator: ",").count + 1).joined(separator: ", ") }
    }

    private static let artist = CatalogTable(name: "artist", columns: "key, identifier, name, sort_key")
    private static let album = CatalogTable(
        name: "album", columns: "key, identifier, title, title_sort, artist_id, artist_name, artist_sort, is_spoken_word")
    private static let genre = CatalogTable(name: "genre", columns: "key, identifier, name")
    /// In the order they are written: albums refer to artists.
    private static let catalogTables = [artist, album, genre]

    let db: Database
    /// Row ids by table and key, so the files of one album look its rows up once per batch.
    private var rowIDs: [String: Int64] = [:]
    /// The id the next new row of each catalog table gets.
    private var nextIDs: [String: Int64] = [:]
    /// Catalog rows waiting in the staging tables for ``finish()``, by table.
    private var staged: [String: Int] = [:]
    /// Tracks waiting in `temp.scan_track` for ``finish()``.
    private var stagedTracks = 0

    init(db: Database) {
        self.db = db
    }

    mutating func write(_ file: ScannedFile) throws {
        switch file {
        case .track(let track):
            try db.cachedStatement(sql: "DELETE FROM problem WHERE path = ?").execute(arguments: [track.path])
            try stage(track)
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
            try Self.writePlaylist(path: path, stamp: stamp, entries: entries, saved: false, db)
        }
    }

    /// Writes what ``write(_:)`` staged: new artists, albums and genres, then the tracks.
    mutating func finish() throws {
        for table in Self.catalogTables where staged[table.name, default: 0] > 0 {
            try db.cachedStatement(
                sql: "INSERT INTO \(table.name) (id, \(table.columns)) SELECT id, \(table.columns) FROM temp.scan_\(table.name)"
            ).execute()
            try db.cachedStatement(sql: "DELETE FROM temp.scan_\(table.name)").execute()
        }
        if stagedTracks > 0 {
            try db.cachedStatement(
                sql: """
                    INSERT INTO track (\(Self.trackColumns))
                    SELECT \(Self.trackColumns) FROM temp.scan_track WHERE true
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
                        album_gain = excluded.album_gain, album_peak = excluded.album_peak,
                        chapter_count = excluded.chapter_count, mb_track_id = excluded.mb_track_id,
                        mb_album_id = excluded.mb_album_id, mb_artist_id = excluded.mb_artist_id,
                        mb_album_artist_id = excluded.mb_album_artist_id,
                        mb_release_track_id = excluded.mb_release_track_id, mb_work_id = excluded.mb_work_id
                    """
            ).execute()
            try db.cachedStatement(sql: "DELETE FROM temp.scan_track").execute()
        }
        staged = [:]
        stagedTracks = 0
    }

    /// Creates the connection's staging tables, unless it has them.
    static func prepareStaging(_ db: Database) throws {
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS scan_track (\(trackColumns))")
        for table in catalogTables {
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS scan_\(table.name) (id, \(table.columns))")
        }
    }

    /// The columns of `track` the scanner writes, in the order of its arguments.
    private static let trackColumns = """
        path, identifier, size, mtime, title, title_sort, artist, artist_sort, album_title, album_artist, \
        genre, composer, disc_number, track_number, year, duration, sample_rate, channels, \
        is_spoken_word, artwork_path, artwork_mime, artwork_width, artwork_height, album_id, genre_id, \
        track_gain, track_peak, album_gain, album_peak, chapter_count, \
        mb_track_id, mb_album_id, mb_artist_id, mb_album_artist_id, mb_release_track_id, mb_work_id
        """
    private static let trackPlaceholders = Array(repeating: "?", count: 36).joined(separator: ", ")

    private mutating func stage(_ track: ScannedTrack) throws {
        let tags = track.tags
        let artistID =
            track.isSpokenWord
            ? nil
            : try row(
                Self.artist, key: track.albumArtistKey,
                values: [
                    track.albumArtistKey, CatalogIdentifier.make(CatalogIdentifier.artistPrefix, key: track.albumArtistKey),
                    track.albumArtist, track.albumArtistSort,
                ])
        let albumID = try row(
            Self.album, key: track.albumKey,
            values: [
                track.albumKey, CatalogIdentifier.make(CatalogIdentifier.albumPrefix, key: track.albumKey), track.albumTitle,
                track.albumTitleSort, artistID, track.albumArtist, track.albumArtistSort, track.isSpokenWord,
            ])
        let genreID: Int64? =
            if let genre = tags.genre, let key = track.genreKey {
                try row(Self.genre, key: key, values: [key, CatalogIdentifier.make(CatalogIdentifier.genrePrefix, key: key), genre])
            } else { nil }
        try db.cachedStatement(
            sql: "INSERT INTO temp.scan_track (\(Self.trackColumns)) VALUES (\(Self.trackPlaceholders))"
        ).execute(arguments: [
            track.path, track.identifier, track.stamp.size, track.stamp.modified,
            track.title, track.titleSort, tags.artist, track.artistSort, tags.albumTitle,
            tags.albumArtist, tags.genre, tags.composer, tags.discNumber, tags.trackNumber, tags.year,
            tags.duration, tags.sampleRate, tags.channels, track.isSpokenWord, tags.artwork?.path,
            tags.artwork?.mimeType, tags.artwork?.width, tags.artwork?.height, albumID, genreID,
            tags.replayGain.trackGain, tags.replayGain.trackPeak, tags.replayGain.albumGain, tags.replayGain.albumPeak,
            tags.chapters.count, tags.musicBrainz.track, tags.musicBrainz.album, tags.musicBrainz.artist,
            tags.musicBrainz.albumArtist, tags.musicBrainz.releaseTrack, tags.musicBrainz.work,
        ])
        stagedTracks += 1
        try writeChapters(tags.chapters, of: track.path)
    }

    /// Replaces the chapters stored for `path`.
    private func writeChapters(_ chapters: [ScannedChapter], of path: String) throws {
        try db.cachedStatement(sql: "DELETE FROM chapter WHERE path = ?").execute(arguments: [path])
        guard !chapters.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO chapter (path, position, title, start, duration) VALUES (?, ?, ?, ?, ?)")
        for (position, chapter) in chapters.enumerated() {
            try insert.execute(arguments: [path, position, chapter.title, chapter.start, chapter.duration])
        }
    }

    /// Records the playlist at `path` with `entries`, in order; `saved` when a client saved
    /// it (the scan leaves it alone, even when Rondo's directory is inside the music directory
    /// and the scan finds the file too).
    static func writePlaylist(path: String, stamp: FileStamp, entries: [String], saved: Bool, _ db: Database) throws {
        let fileName = (path as NSString).lastPathComponent
        let name = (fileName as NSString).deletingPathExtension
        let id = try Int64.fetchOne(
            db,
            sql: """
                INSERT INTO playlist (path, identifier, name, name_sort, size, mtime, saved) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime = excluded.mtime, saved = excluded.saved OR playlist.saved
                RETURNING id
                """,
            arguments: [
                path, CatalogIdentifier.make(CatalogIdentifier.playlistPrefix, key: path), name, SortKey.fold(name),
                stamp.size, stamp.modified, saved,
            ])
        try db.execute(sql: "DELETE FROM playlist_entry WHERE playlist_id = ?", arguments: [id])
        let insert = try db.cachedStatement(sql: "INSERT INTO playlist_entry (playlist_id, position, path) VALUES (?, ?, ?)")
        for (position, entry) in entries.enumerated() { try insert.execute(arguments: [id, position, entry]) }
    }

    /// The id of `table`'s row with `key`; a new row with `values` (its columns after `id`)
    /// is staged when there is none.
    private mutating func row(_ table: CatalogTable, key: String, values: [(any DatabaseValueConvertible)?]) throws -> Int64 {
        let cacheKey = table.name + "\u{1F}" + key
        if let id = rowIDs[cacheKey] { return id }
        if let existing = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM \(table.name) WHERE key = ?"), arguments: [key]) {
            rowIDs[cacheKey] = existing
            return existing
        }
        let id = try nextIDs[table.name] ?? Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) + 1 FROM \(table.name)") ?? 1
        nextIDs[table.name] = id + 1
        try db.cachedStatement(sql: "INSERT INTO temp.scan_\(table.name) (id, \(table.columns)) VALUES (\(table.placeholders))")
            .execute(arguments: StatementArguments([id] + values))
        staged[table.name, default: 0] += 1
        rowIDs[cacheKey] = id
        return id
    }
}
