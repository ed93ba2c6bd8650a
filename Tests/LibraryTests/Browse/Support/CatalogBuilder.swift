import Foundation
import Library

/// Derives a catalog's lists from a fixture, in the orders ``LibraryCatalog`` documents: what
/// the SQLite store computes with its indexes, computed here by sorting.
struct CatalogBuilder {
    private(set) var lists: [CatalogList: [CatalogEntry]] = [:]
    let tracks: [CatalogTrack]
    private let fixture: LibraryFixture

    init(_ fixture: LibraryFixture) {
        self.fixture = fixture
        tracks = fixture.tracks.enumerated().map { Self.track($1, id: Int64($0 + 1)) }
        let music = tracks.filter { !$0.isSpokenWord }
        let albums = addAlbums(of: music)
        addArtists(of: music, albums: albums)
        lists[.songs] = music.sorted { (Self.fold($0.title), Self.fold($0.artist ?? "")) < (Self.fold($1.title), Self.fold($1.artist ?? "")) }
            .map(CatalogEntry.track)
        addGenres(of: music, albums: albums)
        addShows(of: tracks.filter(\.isSpokenWord), firstID: Int64(albums.count + 1))
        addPlaylists()
        lists[.recentlyPlayed] = fixture.recentlyPlayed.compactMap(track(atPath:)).prefix(50).map(CatalogEntry.track)
    }

    /// Case- and accent-insensitive.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// An artist's sort name: folded, a leading "The " ignored.
    static func sortName(_ artist: String) -> String {
        let folded = fold(artist)
        return folded.hasPrefix("the ") ? String(folded.dropFirst(4)) : folded
    }

    /// The album artist, else the artist.
    static func albumArtist(_ track: CatalogTrack) -> String {
        track.albumArtist ?? track.artist ?? "Unknown Artist"
    }

    private static func track(_ track: LibraryFixture.Track, id: Int64) -> CatalogTrack {
        CatalogTrack(
            id: id, identifier: "rondo:track:\(track.path)", path: track.path, title: track.title,
            artist: track.artist, albumTitle: track.album, albumArtist: track.albumArtist, genre: track.genre,
            discNumber: track.disc, trackNumber: track.number, year: track.year, duration: track.duration,
            isSpokenWord: track.spokenWord, resumePosition: track.resumePosition, artwork: track.artwork)
    }

    private func track(atPath path: String) -> CatalogTrack? {
        tracks.first { $0.path == path }
    }

    /// Disc, track number, title.
    private static func inAlbumOrder(_ tracks: [CatalogTrack]) -> [CatalogTrack] {
        tracks.sorted {
            ($0.discNumber ?? 0, $0.trackNumber ?? 0, fold($0.title)) < ($1.discNumber ?? 0, $1.trackNumber ?? 0, fold($1.title))
        }
    }

    /// Tracks grouped by album artist and album title, in album-track order.
    private static func grouped(_ tracks: [CatalogTrack]) -> [(key: String, tracks: [CatalogTrack])] {
        var groups: [String: [CatalogTrack]] = [:]
        var keys: [String] = []
        for track in tracks {
            guard let title = track.albumTitle else { continue }
            let key = "\(fold(albumArtist(track)))/\(fold(title))"
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(track)
        }
        return keys.map { ($0, inAlbumOrder(groups[$0]!)) }
    }

    private static func album(key: String, tracks: [CatalogTrack], id: Int64, finished: Int? = nil) -> CatalogAlbum {
        CatalogAlbum(
            id: id, identifier: "rondo:album:\(key)", title: tracks[0].albumTitle!, artist: albumArtist(tracks[0]),
            year: tracks.lazy.compactMap(\.year).first, trackCount: tracks.count,
            artwork: tracks.lazy.compactMap(\.artwork).first, finishedTrackCount: finished)
    }

    /// Year (unknown last), then title.
    private static func albumOrder(_ first: CatalogAlbum, _ second: CatalogAlbum) -> Bool {
        (first.year == nil ? 1 : 0, first.year ?? 0, fold(first.title), first.identifier)
            < (second.year == nil ? 1 : 0, second.year ?? 0, fold(second.title), second.identifier)
    }

    private mutating func addAlbums(of music: [CatalogTrack]) -> [CatalogAlbum] {
        let groups = Self.grouped(music)
        let unordered = groups.map { Self.album(key: $0.key, tracks: $0.tracks, id: 0) }.sorted(by: Self.albumOrder)
        var albums: [CatalogAlbum] = []
        for (offset, var album) in unordered.enumerated() {
            album.id = Int64(offset + 1)
            albums.append(album)
            lists[.tracksOfAlbum(album.id)] = groups.first { "rondo:album:\($0.key)" == album.identifier }!.tracks
                .map(CatalogEntry.track)
        }
        lists[.albums] = albums.map(CatalogEntry.album)
        return albums
    }

    private mutating func addArtists(of music: [CatalogTrack], albums: [CatalogAlbum]) {
        var names: [String: String] = [:]
        for track in music where names[Self.sortName(Self.albumArtist(track))] == nil {
            names[Self.sortName(Self.albumArtist(track))] = Self.albumArtist(track)
        }
        for (offset, key) in names.keys.sorted().enumerated() {
            let own = albums.filter { Self.sortName($0.artist) == key }
            let artist = CatalogArtist(
                id: Int64(offset + 1), identifier: "rondo:artist:\(key)", name: names[key]!, albumCount: own.count)
            lists[.artists, default: []].append(.artist(artist))
            lists[.albumsOf(artist: artist.id)] = own.map(CatalogEntry.album)
        }
    }

    /// Tracks by artist sort name, album year (unknown last), album, disc, track number.
    private mutating func addGenres(of music: [CatalogTrack], albums: [CatalogAlbum]) {
        let years = Dictionary(albums.map { ("\(Self.fold($0.artist))/\(Self.fold($0.title))", $0.year) }, uniquingKeysWith: { a, _ in a })
        func key(_ track: CatalogTrack) -> (String, Int, Int, String, Int, Int) {
            let album = "\(Self.fold(Self.albumArtist(track)))/\(Self.fold(track.albumTitle ?? ""))"
            let year = years[album] ?? nil
            return (
                Self.sortName(Self.albumArtist(track)), year == nil ? 1 : 0, year ?? 0, Self.fold(track.albumTitle ?? ""),
                track.discNumber ?? 0, track.trackNumber ?? 0
            )
        }
        var names: [String: String] = [:]
        for track in music { if let genre = track.genre, names[Self.fold(genre)] == nil { names[Self.fold(genre)] = genre } }
        for (offset, folded) in names.keys.sorted().enumerated() {
            let members = music.filter { $0.genre.map(Self.fold) == folded }.sorted { key($0) < key($1) }
            let genre = CatalogGenre(
                id: Int64(offset + 1), identifier: "rondo:genre:\(folded)", name: names[folded]!, trackCount: members.count)
            lists[.genres, default: []].append(.genre(genre))
            lists[.tracksOfGenre(genre.id)] = members.map(CatalogEntry.track)
        }
    }

    private mutating func addShows(of spoken: [CatalogTrack], firstID: Int64) {
        let groups = Self.grouped(spoken)
        let shows = groups.map { Self.album(key: $0.key, tracks: $0.tracks, id: 0, finished: fixture.finishedEpisodes[$0.tracks[0].albumTitle!]) }
            .sorted { (Self.fold($0.title), $0.identifier) < (Self.fold($1.title), $1.identifier) }
        for (offset, var show) in shows.enumerated() {
            show.id = firstID + Int64(offset)
            lists[.spokenShows, default: []].append(.show(show))
            lists[.tracksOfShow(show.id)] = groups.first { "rondo:album:\($0.key)" == show.identifier }!.tracks
                .map(CatalogEntry.track)
        }
    }

    private mutating func addPlaylists() {
        let sorted = fixture.playlists.sorted { Self.fold($0.name) < Self.fold($1.name) }
        for (offset, file) in sorted.enumerated() {
            let members = file.paths.compactMap(track(atPath:))
            let playlist = CatalogPlaylist(
                id: Int64(offset + 1), identifier: "rondo:playlist:\(file.name)", name: file.name, trackCount: members.count)
            lists[.playlists, default: []].append(.playlist(playlist))
            lists[.tracksOfPlaylist(playlist.id)] = members.map(CatalogEntry.track)
        }
    }
}
