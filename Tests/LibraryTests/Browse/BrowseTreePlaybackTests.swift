import Library
import Testing

private func titles(_ selection: PlaybackSelection) -> [String] { selection.tracks.map(\.title) }

@Suite struct BrowseTreePlaybackTests {
    /// A track plays with the rest of the list it was chosen from, starting at it.
    @Test(arguments: [
        ("0.0.1.1.2", ["Back in the U.S.S.R.", "Dear Prudence", "Birthday", "Yer Blues"], 2),
        ("0.1.0.1", ["Help!", "Yesterday"], 1),
        ("0.3.2.2", ["When I Kissed the Teacher", "Dancing Queen", "Waterloo"], 2),
        ("1.0.2", ["Come Together", "Dancing Queen", "Wrath of the Khans", "Diavolo in me"], 2),
        ("2.0.1", ["Wrath of the Khans", "Blueprint for Armageddon", "Supernova in the East"], 1),
        ("0.4.0", ["Blueprint for Armageddon", "Yesterday", "Venus as a Boy"], 0),
    ])
    func trackPlaysWithinItsList(_ path: String, _ expected: [String], _ start: Int) throws {
        let selection = try SampleLibrary.tree().playback(at: indexPath(path), limits: .default)
        #expect(titles(selection) == expected)
        #expect(selection.startIndex == start)
    }

    /// A track chosen from Songs plays the whole Songs list from it.
    @Test func songPlaysWithAllSongs() throws {
        let selection = try SampleLibrary.tree().playback(at: [0, 2, 12], limits: .default)
        #expect(selection.tracks.count == 16)
        #expect(selection.tracks[selection.startIndex].title == "Waterloo")
    }

    /// A playable container plays its tracks from the first.
    @Test(arguments: [("0.0.1.1", 4), ("0.1.6", 2), ("0.2", 16), ("0.3.3", 8), ("1.0", 4), ("2.1", 2), ("0.4", 3)])
    func containerPlaysFromItsFirstTrack(_ path: String, _ count: Int) throws {
        let tree = SampleLibrary.tree()
        let selection = try tree.playback(at: indexPath(path), limits: .default)
        #expect(selection.tracks.count == count)
        #expect(selection.startIndex == 0)
        let listed = try tree.children(of: indexPath(path), limits: .default).items.map(\.identifier)
        #expect(selection.tracks.map(\.identifier) == listed)
    }

    /// Items without tracks of their own are not playable, by path or by identifier.
    @Test(arguments: ["", "0", "0.0", "0.1", "0.3", "1", "2", "0.0.1", "1.1"])
    func containersWithoutTracksAreNotPlayable(_ path: String) throws {
        let tree = SampleLibrary.tree()
        #expect(throws: BrowseError.notPlayable(path: indexPath(path))) {
            try tree.playback(at: indexPath(path), limits: .default)
        }
        guard !path.isEmpty else { return }
        let item = try tree.item(at: indexPath(path), limits: .default)
        #expect(!item.isPlayable)
        #expect(throws: BrowseError.nothingToPlay(identifier: item.identifier)) {
            try tree.playback(forIdentifier: item.identifier)
        }
    }

    /// By identifier a track plays alone and a container plays its tracks from the first.
    @Test func identifiersPlay() throws {
        let tree = SampleLibrary.tree()
        let track = try tree.playback(forIdentifier: SampleLibrary.fixture.tracks[0].path.trackIdentifier)
        #expect(titles(track) == ["Yesterday"])
        #expect(track.startIndex == 0)
        let album = try tree.item(at: [0, 1, 1], limits: .default)
        #expect(try tree.playback(forIdentifier: album.identifier) == tree.playback(at: [0, 1, 1], limits: .default))
        #expect(try tree.playback(forIdentifier: "rondo:recent") == tree.playback(at: [0, 4], limits: .default))
        #expect(try tree.playback(forIdentifier: "rondo:radio") == tree.playback(at: [3], limits: .default))
        #expect(try tree.playback(forIdentifier: "rondo:library:songs").tracks.count == 16)
    }

    /// A station plays with the other stations of Radio, starting at it, each queued by its URL.
    @Test(arguments: [0, 1, 2]) func stationPlaysWithinRadio(_ position: Int) throws {
        let tree = SampleLibrary.tree()
        let selection = try tree.playback(at: [3, position], limits: .default)
        #expect(selection.items.map(\.location) == Self.stationURLs)
        #expect(selection.startIndex == position)
        #expect(selection.tracks.isEmpty)
        #expect(selection.stations.map(\.name) == ["BBC Radio 6 Music", "fip", "Radio Paradise"])
    }

    /// Radio plays its stations from the first; a station's identifier plays it alone.
    @Test func radioAndStationIdentifiersPlay() throws {
        let tree = SampleLibrary.tree()
        let radio = try tree.playback(at: [3], limits: .default)
        #expect(radio.items.map(\.location) == Self.stationURLs)
        #expect(radio.startIndex == 0)
        let fip = try tree.playback(forIdentifier: "rondo:station:http://icecast.radiofrance.fr/fip-midfi.mp3")
        #expect(fip.items.map(\.location) == ["http://icecast.radiofrance.fr/fip-midfi.mp3"])
        #expect(fip.startIndex == 0)
    }

    /// Radio without stations has nothing to play.
    @Test func emptyRadioIsNotPlayable() throws {
        let episode = CatalogFixture.Track(path: "/p/1.mp3", title: "Pilot", album: "Show", spokenWord: true)
        let tree = BrowseTree(catalog: InMemoryCatalog(CatalogFixture(tracks: [episode])), musicDirectory: "/p")
        #expect(try tree.item(at: [3], limits: .default).isPlayable == false)
        #expect(throws: BrowseError.notPlayable(path: [3])) { try tree.playback(at: [3], limits: .default) }
    }

    /// The sample stations' URLs, in Radio's order (by name).
    private static let stationURLs = [
        "http://stream.live.vc.bbcmedia.co.uk/bbc_6music", "http://icecast.radiofrance.fr/fip-midfi.mp3",
        "https://stream.radioparadise.com/mp3-192",
    ]

    /// Spoken-word tracks keep their resume position, so the player can resume them.
    @Test func spokenWordKeepsResumePosition() throws {
        let selection = try SampleLibrary.tree().playback(at: [2, 0, 1], limits: .default)
        #expect(selection.tracks.map(\.resumePosition) == [3600, 1000, nil])
    }

    /// A list longer than 1000 tracks plays as a 1000-track window holding the chosen track:
    /// from it onwards, or the last 1000 when fewer follow.
    @Test(arguments: [
        // list length, chosen position, window start
        (2500, 0, 0), (2500, 1, 1), (2500, 700, 700), (2500, 1500, 1500), (2500, 1501, 1500), (2500, 2499, 1500),
        (1000, 999, 0), (1001, 0, 0), (1001, 1, 1), (1001, 1000, 1), (999, 500, 0),
    ])
    func longListsPlayAsAWindow(_ length: Int, _ position: Int, _ start: Int) throws {
        let catalog = LongListCatalog(songs: length)
        let tree = BrowseTree(catalog: catalog, musicDirectory: "/m")
        let selection = try tree.playback(at: [0, 2, position], limits: .default)
        #expect(selection.tracks.count == min(length, 1000))
        #expect(selection.tracks.first?.id == Int64(start))
        #expect(selection.tracks[selection.startIndex].id == Int64(position))
        #expect(catalog.largestFetch <= 1000)
    }

    /// A long playable container plays its first 1000 tracks.
    @Test func longContainerPlaysItsFirstThousand() throws {
        let catalog = LongListCatalog(songs: 2500)
        let selection = try BrowseTree(catalog: catalog, musicDirectory: "/m").playback(at: [0, 2], limits: .default)
        #expect(selection.tracks.map(\.id) == (0..<1000).map(Int64.init))
        #expect(selection.startIndex == 0)
        #expect(catalog.largestFetch == 1000)
    }
}

extension String {
    /// The identifier the sample catalog gives the track at this path.
    var trackIdentifier: String { "rondo:track:\(self)" }
}
