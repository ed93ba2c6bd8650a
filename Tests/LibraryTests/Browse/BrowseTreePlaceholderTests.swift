import Library
import Testing

@Suite struct BrowseTreePlaceholderTests {
    private let tree = BrowseTree(catalog: InMemoryCatalog(CatalogFixture()), musicDirectory: "/srv/music")

    /// An empty library's root holds one item that is neither container nor playable and says
    /// where to put music and what to run.
    @Test func emptyLibraryShowsOnePlaceholder() throws {
        let page = try tree.children(of: [], limits: .default)
        #expect(page.total == 1)
        #expect(page.items.count == 1)
        let item = try #require(page.items.first)
        #expect(item.identifier == "rondo:placeholder")
        #expect(item.title == "No music yet")
        #expect(item.subtitle?.contains("/srv/music") == true)
        #expect(item.subtitle?.contains("rondo library scan") == true)
        #expect(!item.isContainer)
        #expect(!item.isPlayable)
        #expect(try tree.item(at: [0], limits: .default) == item)
        #expect(try tree.item(forIdentifier: "rondo:placeholder") == item)
    }

    /// The placeholder has no children and nothing to play; nothing else is at the root.
    @Test func placeholderLeadsNowhere() throws {
        #expect(try tree.count(at: [], limits: .default) == 1)
        #expect(try tree.count(at: [0], limits: .default) == 0)
        #expect(throws: BrowseError.notPlayable(path: [0])) { try tree.playback(at: [0], limits: .default) }
        #expect(throws: BrowseError.nothingToPlay(identifier: "rondo:placeholder")) {
            try tree.playback(forIdentifier: "rondo:placeholder")
        }
        #expect(throws: BrowseError.indexOutOfRange(path: [1], component: 0, count: 1)) {
            try tree.item(at: [1], limits: .default)
        }
        #expect(throws: BrowseError.indexOutOfRange(path: [0, 0], component: 1, count: 0)) {
            try tree.item(at: [0, 0], limits: .default)
        }
    }

    /// The fixed containers still resolve by identifier, empty, so stored identifiers never break.
    @Test func fixedIdentifiersResolveEmpty() throws {
        #expect(try tree.item(forIdentifier: "rondo:library:songs").subtitle == "0 songs")
        #expect(try tree.item(forIdentifier: "rondo:recent").isPlayable == false)
        #expect(throws: BrowseError.nothingToPlay(identifier: "rondo:library:songs")) {
            try tree.playback(forIdentifier: "rondo:library:songs")
        }
    }

    /// A library of spoken word only is not empty: the root keeps its four items, Songs is empty.
    @Test func spokenWordOnlyLibraryKeepsTheFourRootItems() throws {
        let episode = CatalogFixture.Track(
            path: "/p/1.mp3", title: "Pilot", artist: "Host", album: "Show", spokenWord: true)
        let tree = BrowseTree(catalog: InMemoryCatalog(CatalogFixture(tracks: [episode])), musicDirectory: "/p")
        #expect(
            try tree.children(of: [], limits: .default).items.map(\.identifier) == [
                "rondo:library", "rondo:playlists", "rondo:spoken", "rondo:radio",
            ])
        #expect(try tree.item(at: [0, 2], limits: .default).isPlayable == false)
        #expect(try tree.count(at: [0, 0], limits: .default) == 0)
        #expect(try tree.item(at: [2, 0, 0], limits: .default).title == "Pilot")
    }

    /// A library of radio stations only is not empty either: the root keeps its four items,
    /// and Radio lists the station.
    @Test func stationsOnlyLibraryKeepsTheFourRootItems() throws {
        let fixture = CatalogFixture(stations: [("Jazz FM", "https://radio.example/jazz")])
        let tree = BrowseTree(catalog: InMemoryCatalog(fixture), musicDirectory: "/p")
        #expect(try tree.count(at: [], limits: .default) == 4)
        #expect(try tree.children(of: [3], limits: .default).items.map(\.title) == ["Jazz FM"])
        #expect(throws: BrowseError.notFound(identifier: "rondo:placeholder")) {
            try tree.item(forIdentifier: "rondo:placeholder")
        }
    }
}
