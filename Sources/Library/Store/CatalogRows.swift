import ContentIdentifiers
import GRDB
import GRDBSQLite
import TagReading

/// One result row's columns, read by their place: a GRDB row, or SQLite's own statement
/// standing on a row (``StatementRow``), which reads thousands of rows at a fraction of the
/// cost (a GRDB row decodes each value through a generic lookup).
protocol ColumnValues {
    /// The column's text; `nil` for `NULL`.
    func text(_ column: Int32) -> String?
    /// The column as a whole number; `nil` for `NULL`.
    func integer(_ column: Int32) -> Int64?
    /// The column as a real number; `nil` for `NULL`.
    func real(_ column: Int32) -> Double?
}

extension Row: ColumnValues {
    func text(_ column: Int32) -> String? { self[Int(column)] }
    func integer(_ column: Int32) -> Int64? { self[Int(column)] }
    func real(_ column: Int32) -> Double? { self[Int(column)] }
}

/// SQLite's statement standing on a result row (``LibraryStore/step(_:sql:arguments:_:)``).
struct StatementRow: ColumnValues {
    let handle: OpaquePointer

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    func integer(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    func real(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }
}

/// The `SELECT`s that read catalog entries and the conversion of their rows.
enum CatalogRows {
    /// `entry` of each row `statement` returns, each read where SQLite holds it. A row fetched
    /// whole (`Row.fetchAll`) is a copy that finds a column by name by lowercasing every
    /// column name again: a tenth of a browse request's CPU.
    static func entries<Entry>(
        _ statement: Statement, arguments: StatementArguments, _ entry: (Row) throws -> Entry
    ) throws -> [Entry] {
        var entries: [Entry] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() { entries.append(try entry(row)) }
        return entries
    }

    static let trackSelect = trackSelect(from: "track t")

    /// Selects tracks (`t`) with their resume points from `source`, which names `track t`,
    /// and `more` columns after theirs. ``track(_:)`` reads the columns by their place here.
    static func trackSelect(from source: String, more: String = "") -> String {
        """
        SELECT t.id, t.identifier, t.path, t.title, t.artist, t.album_title, t.album_artist, t.genre, t.composer,
            t.disc_number, t.track_number, t.year, t.duration, t.is_spoken_word, r.seconds AS resume, r.rate AS resume_rate,
            t.artwork_path, t.artwork_mime, t.artwork_width, t.artwork_height,
            t.track_gain, t.track_peak, t.album_gain, t.album_peak, t.chapter_count, t.mtime, t.album_id,
            t.mb_track_id, t.mb_album_id, t.mb_artist_id, t.mb_album_artist_id, t.mb_release_track_id, t.mb_work_id\(more)
        FROM \(source) LEFT JOIN resume_point r ON r.path = t.path
        """
    }

    /// Selects the chapters (`c`) of tracks with their track.
    static let chapterSelect = trackSelect(
        from: "chapter c JOIN track t ON t.path = c.path",
        more: ", c.position AS chapter_position, c.title AS chapter_title, c.start AS chapter_start, c.duration AS chapter_duration")
    /// A ``trackSelect`` row as a track. Its columns are read by their place in the select,
    /// not by name: a lookup by name folds the name's case each time, which was most of the
    /// cost of reading thousands of tracks.
    static func track(_ row: some ColumnValues) -> CatalogTrack {
        func number(_ column: Int32) -> Int? { row.integer(column).map { Int($0) } }
        return CatalogTrack(
            id: row.integer(0) ?? 0, identifier: row.text(1) ?? "", path: row.text(2) ?? "", title: row.text(3) ?? "",
            artist: row.text(4), albumTitle: row.text(5), albumArtist: row.text(6), genre: row.text(7), composer: row.text(8),
            discNumber: number(9), trackNumber: number(10), year: number(11), duration: row.real(12),
            isSpokenWord: (row.integer(13) ?? 0) != 0, resumePosition: row.real(14), resumeRate: row.real(15),
            artwork: row.text(16).map { path in
                CatalogArtwork(path: path, mimeType: row.text(17) ?? "application/octet-stream", width: number(18), height: number(19))
            },
            replayGain: ReplayGainValues(trackGain: row.real(20), trackPeak: row.real(21), albumGain: row.real(22), albumPeak: row.real(23)),
            chapterCount: number(24) ?? 0, modified: modifiedSeconds(row.integer(25)), albumID: row.integer(26),
            musicBrainz: MusicBrainzIDs(
                track: row.text(27), album: row.text(28), artist: row.text(29), albumArtist: row.text(30),
                releaseTrack: row.text(31), work: row.text(32)))
    }

    /// A stored `mtime` (nanoseconds, `-1` when a rescan is due) in seconds.
    private static func modifiedSeconds(_ nanoseconds: Int64?) -> Int64? {
        guard let nanoseconds, nanoseconds > 0 else { return nil }
        return nanoseconds / 1_000_000_000
    }

    /// A ``chapterSelect`` row as a chapter.
    static func chapter(_ row: Row) -> CatalogChapter {
        let track = track(row)
        let index: Int = row["chapter_position"]
        return CatalogChapter(
            identifier: ChapterIdentifier.make(track: track.identifier, index: index), index: index,
            title: row["chapter_title"], start: row["chapter_start"], duration: row["chapter_duration"], track: track)
    }

    /// An album row as an album, or as a show when its tracks are spoken word.
    static func albumEntry(_ row: Row) -> CatalogEntry {
        let album = CatalogAlbum(
            id: row["id"], identifier: row["identifier"], title: row["title"], artist: row["artist_name"],
            year: row["year"], trackCount: row["track_count"], artwork: artwork(row),
            chapteredTrack: row["chaptered_track_id"])
        return row["is_spoken_word"] ? .show(album) : .album(album)
    }

    static func artist(_ row: Row) -> CatalogArtist {
        CatalogArtist(id: row["id"], identifier: row["identifier"], name: row["name"], albumCount: row["album_count"])
    }

    static func genre(_ row: Row) -> CatalogGenre {
        CatalogGenre(id: row["id"], identifier: row["identifier"], name: row["name"], trackCount: row["track_count"])
    }

    static func playlist(_ row: Row) -> CatalogPlaylist {
        CatalogPlaylist(id: row["id"], identifier: row["identifier"], name: row["name"], trackCount: row["track_count"])
    }

    static func station(_ row: Row) -> CatalogStation {
        CatalogStation(
            id: row["id"], identifier: row["identifier"], name: row["name"], url: row["url"],
            artworkURL: row["artwork_url"])
    }

    private static func artwork(_ row: Row) -> CatalogArtwork? {
        guard let path: String = row["artwork_path"] else { return nil }
        return CatalogArtwork(
            path: path, mimeType: row["artwork_mime"] ?? "application/octet-stream", width: row["artwork_width"],
            height: row["artwork_height"])
    }
}
