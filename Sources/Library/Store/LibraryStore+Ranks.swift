import GRDB

extension LibraryStore {
    /// Drops albums, artists and genres without tracks, then recomputes aggregates and the
    /// rank of every row in every list (SPEC §6 orders). Each statement writes only the rows
    /// whose value changes, so an unchanged library writes nothing.
    static func refreshLists(_ db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM album WHERE NOT EXISTS (SELECT 1 FROM track WHERE track.album_id = album.id);
                DELETE FROM artist WHERE NOT EXISTS (SELECT 1 FROM album WHERE album.artist_id = artist.id);
                DELETE FROM genre WHERE NOT EXISTS (SELECT 1 FROM track WHERE track.genre_id = genre.id);

                UPDATE track SET album_rank = ranked.value FROM (
                    SELECT id, row_number() OVER (
                        PARTITION BY album_id
                        ORDER BY coalesce(disc_number, 1), track_number IS NULL, track_number, title_sort, path
                    ) - 1 AS value FROM track
                ) AS ranked WHERE track.id = ranked.id AND track.album_rank IS NOT ranked.value;

                UPDATE track SET song_rank = ranked.value FROM (
                    SELECT id, CASE WHEN is_spoken_word = 0 THEN row_number() OVER (
                        PARTITION BY is_spoken_word ORDER BY title_sort, artist_sort, path
                    ) - 1 END AS value FROM track
                ) AS ranked WHERE track.id = ranked.id AND track.song_rank IS NOT ranked.value;

                UPDATE album SET track_count = totals.tracks, year = totals.year, chaptered_track_id = totals.chaptered FROM (
                    SELECT album_id, count(*) AS tracks, min(year) AS year,
                        CASE WHEN count(*) = 1 AND max(chapter_count) > 0 THEN max(id) END AS chaptered
                    FROM track GROUP BY album_id
                ) AS totals
                WHERE album.id = totals.album_id AND (album.track_count IS NOT totals.tracks OR album.year IS NOT totals.year
                    OR album.chaptered_track_id IS NOT totals.chaptered);

                UPDATE album SET artwork_path = cover.path, artwork_mime = cover.mime,
                    artwork_width = cover.width, artwork_height = cover.height
                FROM (
                    SELECT album.id AS album_id, first.artwork_path AS path, first.artwork_mime AS mime,
                        first.artwork_width AS width, first.artwork_height AS height
                    FROM album LEFT JOIN (
                        SELECT album_id, artwork_path, artwork_mime, artwork_width, artwork_height,
                            row_number() OVER (PARTITION BY album_id ORDER BY album_rank) AS position
                        FROM track WHERE artwork_path IS NOT NULL
                    ) AS first ON first.album_id = album.id AND first.position = 1
                ) AS cover
                WHERE album.id = cover.album_id AND album.artwork_path IS NOT cover.path;

                UPDATE album SET rank = ranked.albums, show_rank = ranked.shows, artist_rank = ranked.by_artist FROM (
                    SELECT id,
                        CASE WHEN is_spoken_word = 0 THEN row_number() OVER (
                            PARTITION BY is_spoken_word ORDER BY year IS NULL, year, title_sort, artist_sort, id
                        ) - 1 END AS albums,
                        CASE WHEN is_spoken_word = 1 THEN row_number() OVER (
                            PARTITION BY is_spoken_word ORDER BY title_sort, artist_sort, id
                        ) - 1 END AS shows,
                        CASE WHEN artist_id IS NOT NULL THEN row_number() OVER (
                            PARTITION BY artist_id ORDER BY year IS NULL, year, title_sort, id
                        ) - 1 END AS by_artist
                    FROM album
                ) AS ranked
                WHERE album.id = ranked.id AND (album.rank IS NOT ranked.albums OR album.show_rank IS NOT ranked.shows
                    OR album.artist_rank IS NOT ranked.by_artist);

                UPDATE artist SET album_count = totals.albums, rank = totals.rank FROM (
                    SELECT artist.id, count(album.id) AS albums,
                        row_number() OVER (ORDER BY artist.sort_key, artist.name, artist.id) - 1 AS rank
                    FROM artist LEFT JOIN album ON album.artist_id = artist.id GROUP BY artist.id
                ) AS totals
                WHERE artist.id = totals.id AND (artist.album_count IS NOT totals.albums OR artist.rank IS NOT totals.rank);

                UPDATE track SET genre_rank = ranked.value FROM (
                    SELECT track.id, CASE WHEN track.genre_id IS NOT NULL THEN row_number() OVER (
                        PARTITION BY track.genre_id
                        ORDER BY album.artist_sort, album.year IS NULL, album.year, album.title_sort,
                            coalesce(track.disc_number, 1), track.track_number IS NULL, track.track_number,
                            track.title_sort, track.path
                    ) - 1 END AS value
                    FROM track JOIN album ON album.id = track.album_id
                ) AS ranked WHERE track.id = ranked.id AND track.genre_rank IS NOT ranked.value;

                UPDATE genre SET track_count = totals.tracks, rank = totals.rank FROM (
                    SELECT genre.id, count(track.id) AS tracks,
                        row_number() OVER (ORDER BY genre.key, genre.name, genre.id) - 1 AS rank
                    FROM genre LEFT JOIN track ON track.genre_id = genre.id GROUP BY genre.id
                ) AS totals
                WHERE genre.id = totals.id AND (genre.track_count IS NOT totals.tracks OR genre.rank IS NOT totals.rank);
                """)
        try refreshPlaylistRanks(db)
    }

    /// Recomputes the playlists' ranks (by name) and counts, and their entries' ranks among
    /// those in the library: what ``refreshLists(_:)`` does for playlists, alone, after a
    /// client saved one.
    static func refreshPlaylistRanks(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE playlist_entry SET rank = ranked.value FROM (
                    SELECT e.playlist_id, e.position, CASE WHEN t.id IS NOT NULL THEN row_number() OVER (
                        PARTITION BY e.playlist_id, t.id IS NOT NULL ORDER BY e.position
                    ) - 1 END AS value
                    FROM playlist_entry e LEFT JOIN track t ON t.path = e.path
                ) AS ranked
                WHERE playlist_entry.playlist_id = ranked.playlist_id AND playlist_entry.position = ranked.position
                    AND playlist_entry.rank IS NOT ranked.value;

                UPDATE playlist SET track_count = totals.tracks, rank = totals.rank FROM (
                    SELECT playlist.id, count(playlist_entry.rank) AS tracks,
                        row_number() OVER (ORDER BY playlist.name_sort, playlist.path) - 1 AS rank
                    FROM playlist LEFT JOIN playlist_entry ON playlist_entry.playlist_id = playlist.id
                    GROUP BY playlist.id
                ) AS totals
                WHERE playlist.id = totals.id AND (playlist.track_count IS NOT totals.tracks OR playlist.rank IS NOT totals.rank);
                """)
    }
}
