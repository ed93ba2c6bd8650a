import Foundation

/// What a spoken "play …" finds in the library (`player.playFromSearch`, SPEC §15): the entry
/// chosen and what playing it queues.
public struct SearchPlayback: Equatable, Sendable {
    /// The entry the query was taken to mean.
    public var chosen: CatalogEntry
    /// What plays: an artist's songs, an album from its first track, a song then the rest of
    /// its album, a genre's or a playlist's tracks, a show from its newest unplayed episode,
    /// a station.
    public var selection: PlaybackSelection
    /// Whether it plays shuffled (an artist's songs) rather than in order.
    public var shuffled: Bool
}

extension BrowseTree {
    /// What "play `query`" plays, as Siri's play-media intent chooses: an entry whose name is
    /// the query (case and accents aside) wins, an artist before an album, a show, a playlist,
    /// a genre, a station and a song; else the search's best match (`candidates`, best first,
    /// as ``LibraryStore/search(_:limit:)`` ranks them); else a genre, playlist or show whose
    /// name has words starting with every word of the query. `nil` when nothing matches or
    /// the match has nothing to play.
    /// An artist's songs are shuffled with `generator`.
    /// - Throws: ``BrowseError/store(_:)`` when the catalog cannot be read.
    public func searchPlayback(
        for query: String, candidates: [CatalogEntry], using generator: inout some RandomNumberGenerator
    ) throws(BrowseError) -> SearchPlayback? {
        let wanted = Self.folded(query)
        guard !wanted.isEmpty else { return nil }
        let named = try candidates + namedEntries(matching: wanted)
        let exact = named.filter { Self.folded($0.title) == wanted }
        let ordered = exact.sorted { Self.precedence($0) < Self.precedence($1) } + candidates + named
        for entry in ordered {
            if let playback = try playback(choosing: entry, using: &generator) { return playback }
        }
        return nil
    }

    /// The tracks played most recently, from the last one heard: what an empty "play"
    /// resumes when the queue is empty; `nil` when nothing was played yet.
    /// - Throws: ``BrowseError/store(_:)`` when the catalog cannot be read.
    public func recentlyPlayedSelection() throws(BrowseError) -> PlaybackSelection? {
        try selection(ofContainer: .fixed(.recent))
    }

    /// Whether `query` has a word to search for; a query without one resumes what played last.
    public static func hasWords(_ query: String) -> Bool { !folded(query).isEmpty }

    /// The genres, playlists and shows (books and podcasts) whose names have words starting
    /// with every word of `wanted`; these lists are short, and the search index does not
    /// hold them.
    private func namedEntries(matching wanted: String) throws(BrowseError) -> [CatalogEntry] {
        let words = wanted.split(separator: " ")
        var found: [CatalogEntry] = []
        for list in [CatalogList.genres, .playlists, .spokenShows] {
            let count = try count(list)
            for entry in try entries(list, in: 0..<min(count, Self.namedListLimit)) {
                let nameWords = Self.folded(entry.title).split(separator: " ")
                if words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) { found.append(entry) }
            }
        }
        return found
    }

    /// How many genres, playlists or shows a search reads by name at most.
    static let namedListLimit = 5_000

    /// What playing `entry` queues, as ``SearchPlayback`` says; `nil` when it has nothing.
    private func playback(
        choosing entry: CatalogEntry, using generator: inout some RandomNumberGenerator
    ) throws(BrowseError) -> SearchPlayback? {
        switch entry {
        case .artist(let artist):
            var tracks: [PlaybackItem] = []
            for album in try entries(.albumsOf(artist: artist.id), in: 0..<PlaybackSelection.maximumTrackCount) {
                guard case .album(let album) = album else { continue }
                let room = PlaybackSelection.maximumTrackCount - tracks.count
                guard room > 0 else { break }
                tracks += try entries(.tracksOfAlbum(album.id), in: 0..<room).compactMap(PlaybackItem.init)
            }
            guard !tracks.isEmpty else { return nil }
            return SearchPlayback(
                chosen: entry, selection: PlaybackSelection(items: tracks.shuffled(using: &generator), startIndex: 0), shuffled: true)
        case .track(let track):
            guard let albumID = track.albumID, track.episode == nil else {
                return SearchPlayback(chosen: entry, selection: PlaybackSelection(items: [.track(track)], startIndex: 0), shuffled: false)
            }
            let album = try entries(.tracksOfAlbum(albumID), in: 0..<PlaybackSelection.maximumTrackCount).compactMap(PlaybackItem.init)
            let start = album.firstIndex { if case .track(let other) = $0 { other.id == track.id } else { false } }
            guard let start else {
                return SearchPlayback(chosen: entry, selection: PlaybackSelection(items: [.track(track)], startIndex: 0), shuffled: false)
            }
            return SearchPlayback(chosen: entry, selection: PlaybackSelection(items: album, startIndex: start), shuffled: false)
        case .show, .podcast:
            guard let selection = try selection(ofContainer: .entry(entry)) else { return nil }
            return SearchPlayback(chosen: entry, selection: Self.resumingBook(selection), shuffled: false)
        case .album, .genre, .playlist, .station:
            guard let selection = try? playback(forIdentifier: entry.identifier) else { return nil }
            return SearchPlayback(chosen: entry, selection: selection, shuffled: false)
        case .chapter:
            return nil
        }
    }

    /// A book's files from the one it was left in (the last with a resume point), so it
    /// goes on where it was; a podcast's selection already starts at its newest unplayed
    /// episode.
    private static func resumingBook(_ selection: PlaybackSelection) -> PlaybackSelection {
        let tracks = selection.items.map { item -> CatalogTrack? in if case .track(let track) = item { track } else { nil } }
        guard tracks.allSatisfy({ $0?.episode == nil }),
            let left = tracks.lastIndex(where: { $0?.resumePosition != nil })
        else { return selection }
        return PlaybackSelection(items: selection.items, startIndex: left)
    }

    /// Which of two entries named alike a listener more likely means (lower first).
    private static func precedence(_ entry: CatalogEntry) -> Int {
        switch entry {
        case .artist: 0
        case .album: 1
        case .show, .podcast: 2
        case .playlist: 3
        case .genre: 4
        case .station: 5
        case .track: 6
        case .chapter: 7
        }
    }

    /// `text` lower-cased, without accents, its words separated by single spaces.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
