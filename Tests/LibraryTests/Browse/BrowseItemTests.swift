import Library
import Testing

private let tree = BrowseTree(catalog: InMemoryCatalog(CatalogFixture()), musicDirectory: "/m")

private func spoken(duration: Double?, resume: Double?) -> CatalogEntry {
    .track(
        CatalogTrack(
            id: 1, identifier: "t", path: "/t.mp3", title: "T", duration: duration, isSpokenWord: true,
            resumePosition: resume))
}

@Suite struct BrowseItemTests {
    /// A spoken-word track's progress is its resume position over its duration, within 0…1,
    /// 0 when never started and nil when the duration is unknown.
    @Test(
        arguments: [
            (600.0, nil, 0.0), (600, 0, 0), (600, 150, 0.25), (600, 600, 1), (600, 900, 1), (600, -5, 0),
            (nil, 30, nil), (0, 30, nil), (-1, 30, nil), (nil, nil, 0), (600, .nan, nil), (.infinity, 10, 0),
        ] as [(Double?, Double?, Double?)])
    func spokenWordProgress(_ duration: Double?, _ resume: Double?, _ progress: Double?) {
        #expect(tree.item(for: spoken(duration: duration, resume: resume)).playbackProgress == progress)
    }

    /// Music shows no progress, even with a resume position.
    @Test func musicShowsNoProgress() {
        let track = CatalogTrack(id: 1, identifier: "t", path: "/t.mp3", title: "T", duration: 100, resumePosition: 50)
        #expect(tree.item(for: .track(track)).playbackProgress == nil)
    }

    /// A station shows its name over its URL's host, plays by itself as a stream, and carries
    /// its picture's URL as it was given.
    @Test func stationIsAPlayableStream() {
        let station = CatalogStation(
            id: 1, identifier: "rondo:station:1", name: "Jazz FM", url: "https://radio.example:8000/jazz?hq=1",
            artworkURL: "https://radio.example/logo.png")
        let item = tree.item(for: .station(station))
        #expect(item.title == "Jazz FM")
        #expect(item.subtitle == "radio.example")
        #expect(item.isPlayable && item.isStreamingContent && !item.isContainer)
        #expect(item.artworkURL == "https://radio.example/logo.png")
        #expect(item.artwork == nil)
        #expect(item.playbackProgress == nil)
    }

    /// A show's progress is the fraction of its episodes finished when the catalog counts them.
    @Test(
        arguments: [(3, 1, 1.0 / 3), (4, 4, 1), (4, 0, 0), (4, 9, 1), (0, 0, nil), (4, nil, nil)]
            as [(Int, Int?, Double?)])
    func showProgress(_ episodes: Int, _ finished: Int?, _ progress: Double?) {
        let show = CatalogAlbum(
            id: 1, identifier: "s", title: "S", artist: "A", year: nil, trackCount: episodes, artwork: nil,
            finishedTrackCount: finished)
        #expect(tree.item(for: .show(show)).playbackProgress == progress)
    }

    /// The sample library's spoken word shows its progress in the tree.
    @Test func sampleProgressInTheTree() throws {
        let tree = SampleLibrary.tree()
        #expect(try tree.children(of: [2, 0], limits: .default).items.map(\.playbackProgress) == [1, 0.25, 0])
        #expect(try tree.children(of: [2, 1], limits: .default).items.map(\.playbackProgress) == [nil, 1])
        #expect(try tree.children(of: [2], limits: .default).items.map(\.playbackProgress) == [1.0 / 3, nil])
        #expect(try tree.item(at: [0, 2, 0], limits: .default).playbackProgress == nil)
    }

    /// A track's subtitle joins artist (else album artist) and album, leaving out what is missing or empty.
    @Test(
        arguments: [
            ("A", nil, "L", "A — L"), (nil, "B", "L", "B — L"), ("A", "B", "L", "A — L"), ("A", nil, nil, "A"),
            (nil, nil, "L", "L"), (nil, nil, nil, nil), ("", nil, "L", "L"), ("A", nil, "", "A"),
        ] as [(String?, String?, String?, String?)])
    func trackSubtitle(_ artist: String?, _ albumArtist: String?, _ album: String?, _ subtitle: String?) {
        let track = CatalogTrack(
            id: 1, identifier: "t", path: "/t.mp3", title: "T", artist: artist, albumTitle: album,
            albumArtist: albumArtist)
        #expect(tree.item(for: .track(track)).subtitle == subtitle)
    }

    /// Counts in subtitles are singular for one, plural otherwise; an album leaves out a missing year.
    @Test func countsAndAlbumSubtitles() {
        #expect(
            tree.item(for: .artist(CatalogArtist(id: 1, identifier: "a", name: "N", albumCount: 1))).subtitle
                == "1 album")
        #expect(
            tree.item(for: .artist(CatalogArtist(id: 1, identifier: "a", name: "N", albumCount: 0))).subtitle
                == "0 albums")
        #expect(
            tree.item(for: .genre(CatalogGenre(id: 1, identifier: "g", name: "G", trackCount: 1))).subtitle == "1 song")
        let album = CatalogAlbum(
            id: 1, identifier: "l", title: "L", artist: "", year: 2001, trackCount: 0, artwork: nil)
        #expect(tree.item(for: .album(album)).subtitle == "2001")
        #expect(tree.item(for: .album(album)).isPlayable == false)
        #expect(tree.item(for: .show(album)).subtitle == nil)
    }

    /// Every kind of entry maps to the right kind of item.
    @Test func entryKinds() {
        let album = CatalogAlbum(
            id: 1, identifier: "l", title: "L", artist: "A", year: nil, trackCount: 2, artwork: nil)
        let entries: [(CatalogEntry, container: Bool, playable: Bool)] = [
            (.artist(CatalogArtist(id: 1, identifier: "a", name: "A", albumCount: 2)), true, false),
            (.album(album), true, true),
            (.show(album), true, true),
            (.genre(CatalogGenre(id: 1, identifier: "g", name: "G", trackCount: 3)), true, true),
            (.playlist(CatalogPlaylist(id: 1, identifier: "p", name: "P", trackCount: 0)), true, false),
            (.track(CatalogTrack(id: 1, identifier: "t", path: "/t", title: "T")), false, true),
        ]
        for (entry, container, playable) in entries {
            let item = tree.item(for: entry)
            #expect(item.identifier == entry.identifier)
            #expect(item.isContainer == container)
            #expect(item.isPlayable == playable)
            #expect(!item.isStreamingContent && !item.isExplicitContent)
        }
    }
}
