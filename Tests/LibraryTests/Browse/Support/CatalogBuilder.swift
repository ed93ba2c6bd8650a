import Library

/// Derives a catalog's lists from a fixture, in the orders ``LibraryCatalog`` documents: what
/// the SQLite store computes with its indexes, computed here by sorting.
struct CatalogBuilder {
    private typealias Order = CatalogOrder

    private(set) var lists: [CatalogList: [CatalogEntry]] = [:]
    let tracks: [CatalogTrack]
    private let fixture: CatalogFixture

    init(_ fixture: CatalogFixture) {
        self.fixture = fixture
        tracks = fixture.tracks.enumerated().map { Self.track($1, id: Int64($0 + 1)) }
        for (track, file) in zip(tracks, fixture.tracks) where !file.chapters.isEmpty {
            lists[.chaptersOf(track: track.id)] = Self.chapters(of: track, marked: file.chapters).map(CatalogEntry.chapter)
        }
        let music = tracks.filter { !$0.isSpokenWord }
        let albums = addAlbums(of: music)
        addArtists(albums: albums, music: music)
        lists[.songs] = music.sorted { Order.songKey($0) < Order.songKey($1) }.map(CatalogEntry.track)
        addGenres(of: music, albums: albums)
        addShows(of: tracks.filter(\.isSpokenWord), firstID: Int64(albums.count + 1))
        addPlaylists()
        lists[.recentlyPlayed] = fixture.recentlyPlayed.compactMap(track(atPath:)).prefix(50).map(CatalogEntry.track)
        addStations()
    }

    private static func track(_ track: CatalogFixture.Track, id: Int64) -> CatalogTrack {
        CatalogTrack(
            id: id, identifier: "rondo:track:\(track.path)", path: track.path, title: track.title,
            artist: track.artist, albumTitle: track.album, albumArtist: track.albumArtist, genre: track.genre,
            discNumber: track.disc, trackNumber: track.number, year: track.year, duration: track.duration,
            isSpokenWord: track.spokenWord, resumePosition: track.resumePosition, artwork: track.artwork,
            chapterCount: track.chapters.count)
    }

    /// Each chapter lasts until the next starts, the last until the track ends.
    private static func chapters(of track: CatalogTrack, marked: [(title: String?, start: Double)]) -> [CatalogChapter] {
        marked.enumerated().map { index, mark in
            let end = index + 1 < marked.count ? marked[index + 1].start : track.duration
            return CatalogChapter(
                identifier: "rondo:chapter:\(track.path):\(index)", index: index, title: mark.title, start: mark.start,
                duration: end.map { $0 - mark.start }, track: track)
        }
    }

    private func track(atPath path: String) -> CatalogTrack? {
        tracks.first { $0.path == path }
    }

    /// Albums (or shows) built from the tracks that have an album title, each with its tracks in
    /// album order, not yet numbered or sorted.
    private static func albums(of tracks: [CatalogTrack], finished: [String: Int] = [:])
        -> [(album: CatalogAlbum, tracks: [CatalogTrack])]
    {
        var groups: [String: [CatalogTrack]] = [:]
        for track in tracks {
            guard let title = track.albumTitle else { continue }
            groups[Order.albumKey(artist: Order.albumArtist(track), title: title), default: []].append(track)
        }
        return groups.map { key, members in
            let members = members.sorted { Order.albumTrackKey($0) < Order.albumTrackKey($1) }
            let album = CatalogAlbum(
                id: 0, identifier: "rondo:album:\(key)", title: members[0].albumTitle!,
                artist: Order.albumArtist(members[0]), year: members.lazy.compactMap(\.year).first,
                trackCount: members.count, artwork: members.lazy.compactMap(\.artwork).first,
                finishedTrackCount: finished[members[0].albumTitle!])
            return (album, members)
        }
    }

    private mutating func addAlbums(of music: [CatalogTrack]) -> [CatalogAlbum] {
        let sorted = Self.albums(of: music).sorted { Order.albumKey($0.album) < Order.albumKey($1.album) }
        var albums: [CatalogAlbum] = []
        for (offset, var built) in sorted.enumerated() {
            built.album.id = Int64(offset + 1)
            albums.append(built.album)
            lists[.tracksOfAlbum(built.album.id)] = built.tracks.map(CatalogEntry.track)
        }
        lists[.albums] = albums.map(CatalogEntry.album)
        return albums
    }

    private mutating func addArtists(albums: [CatalogAlbum], music: [CatalogTrack]) {
        var names: [String: String] = [:]
        for track in music {
            let name = Order.albumArtist(track)
            names[Order.sortName(name)] = names[Order.sortName(name)] ?? name
        }
        for (offset, (key, name)) in names.sorted(by: { $0.key < $1.key }).enumerated() {
            let own = albums.filter { Order.sortName($0.artist) == key }
            let artist = CatalogArtist(
                id: Int64(offset + 1), identifier: "rondo:artist:\(key)", name: name, albumCount: own.count)
            lists[.artists, default: []].append(.artist(artist))
            lists[.albumsOf(artist: artist.id)] = own.map(CatalogEntry.album)
        }
    }

    private mutating func addGenres(of music: [CatalogTrack], albums: [CatalogAlbum]) {
        var years: [String: Int?] = [:]
        for album in albums { years[Order.albumKey(artist: album.artist, title: album.title)] = album.year }
        func key(_ track: CatalogTrack) -> (String, Int, Int, String, Int, Int) {
            let album = Order.albumKey(artist: Order.albumArtist(track), title: track.albumTitle ?? "")
            return Order.genreTrackKey(track, albumYear: years[album] ?? nil)
        }
        var names: [String: String] = [:]
        for track in music {
            if let genre = track.genre { names[Order.fold(genre)] = names[Order.fold(genre)] ?? genre }
        }
        for (offset, (folded, name)) in names.sorted(by: { $0.key < $1.key }).enumerated() {
            let members = music.filter { $0.genre.map(Order.fold) == folded }.sorted { key($0) < key($1) }
            let genre = CatalogGenre(
                id: Int64(offset + 1), identifier: "rondo:genre:\(folded)", name: name, trackCount: members.count)
            lists[.genres, default: []].append(.genre(genre))
            lists[.tracksOfGenre(genre.id)] = members.map(CatalogEntry.track)
        }
    }

    private mutating func addShows(of spoken: [CatalogTrack], firstID: Int64) {
        let sorted = Self.albums(of: spoken, finished: fixture.finishedEpisodes).sorted {
            (Order.fold($0.album.title), $0.album.identifier) < (Order.fold($1.album.title), $1.album.identifier)
        }
        for (offset, var built) in sorted.enumerated() {
            built.album.id = firstID + Int64(offset)
            if built.tracks.count == 1, built.tracks[0].chapterCount > 0 { built.album.chapteredTrack = built.tracks[0].id }
            lists[.spokenShows, default: []].append(.show(built.album))
            lists[.tracksOfShow(built.album.id)] = built.tracks.map(CatalogEntry.track)
        }
    }

    private mutating func addStations() {
        let sorted = fixture.stations.sorted { (Order.fold($0.name), $0.url) < (Order.fold($1.name), $1.url) }
        for (offset, station) in sorted.enumerated() {
            let entry = CatalogStation(
                id: Int64(offset + 1), identifier: "rondo:station:\(station.url)", name: station.name, url: station.url)
            lists[.stations, default: []].append(.station(entry))
        }
    }

    private mutating func addPlaylists() {
        let sorted = fixture.playlists.sorted { Order.fold($0.name) < Order.fold($1.name) }
        for (offset, file) in sorted.enumerated() {
            let members = file.paths.compactMap(track(atPath:))
            let playlist = CatalogPlaylist(
                id: Int64(offset + 1), identifier: "rondo:playlist:\(file.name)", name: file.name,
                trackCount: members.count)
            lists[.playlists, default: []].append(.playlist(playlist))
            lists[.tracksOfPlaylist(playlist.id)] = members.map(CatalogEntry.track)
        }
    }
}
