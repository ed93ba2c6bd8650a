import ContentIdentifiers
import GRDB
import TagReading

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
    /// and `more` columns after theirs.
    static func trackSelect(from source: String, more: String = "") -> String {
        """
        SELECT t.id, t.identifier, t.path, t.title, t.artist, t.album_title, t.album_artist, t.genre, t.composer,
            t.disc_number, t.track_number, t.year, t.duration, t.is_spoken_word, r.seconds AS resume, r.rate AS resume_rate,
            t.artwork_path, t.artwork_mime, t.artwork_width, t.artwork_height,
            t.track_gain, t.track_peak, t.album_gain, t.album_peak, t.chapter_count, t.mtime, t.album_id\(more)
        FROM \(source) LEFT JOIN resume_point r ON r.path = t.path
        """
    }

    /// Selects the chapters (`c`) of tracks with their track.
    static let chapterSelect = trackSelect(
        from: "chapter c JOIN track t ON t.path = c.path",
        more: ", c.position AS chapter_position, c.title AS chapter_title, c.start AS chapter_start, c.duration AS chapter_duration")
    static func track(_ row: Row) -> CatalogTrack {
        CatalogTrack(
            id: row["id"], identifier: row["identifier"], path: row["path"], title: row["title"],
            artist: row["artist"], albumTitle: row["album_title"], albumArtist: row["album_artist"],
            genre: row["genre"], composer: row["composer"], discNumber: row["disc_number"], trackNumber: row["track_number"],
            year: row["year"], duration: row["duration"], isSpokenWord: row["is_spoken_word"],
            resumePosition: row["resume"], resumeRate: row["resume_rate"], artwork: artwork(row),
            replayGain: ReplayGainValues(
                trackGain: row["track_gain"], trackPeak: row["track_peak"], albumGain: row["album_gain"],
                albumPeak: row["album_peak"]),
            chapterCount: row["chapter_count"], modified: modifiedSeconds(row["mtime"]), albumID: row["album_id"])
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
