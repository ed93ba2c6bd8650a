import Library
import Testing

@Suite struct BrowseTreeLookupTests {
    /// Resolving a path asks for one entry per catalog-list component, never a whole list.
    @Test(arguments: [
        ("0.0.1.1.2", [CatalogList.artists, .albumsOf(artist: 2), .tracksOfAlbum(2)]),
        ("0.1.3.1", [.albums, .tracksOfAlbum(4)]),
        ("1.0.2", [.playlists, .tracksOfPlaylist(1)]),
        ("0.4.1", [.recentlyPlayed]),
        ("3.1", [.stations]),
        ("0.2", []),
    ])
    func oneEntryPerComponent(_ path: String, _ lists: [CatalogList]) throws {
        let catalog = SampleLibrary.catalog()
        _ = try SampleLibrary.tree(catalog).item(at: indexPath(path), limits: .default)
        #expect(catalog.recordedFetches.map(\.list) == lists)
        #expect(catalog.recordedFetches.allSatisfy { $0.range.count == 1 })
    }

    /// A page of a 100,000-song list fetches only that page's entries.
    @Test func pageOfAHugeListFetchesOnlyThePage() throws {
        let catalog = LongListCatalog(songs: 100_000)
        let tree = BrowseTree(catalog: catalog, musicDirectory: "/m")
        let page = try tree.children(of: [0, 2], offset: 50_000, limit: 25, limits: .default)
        #expect(page.items.map(\.title) == (50_000..<50_025).map { "Song \($0)" })
        #expect(page.total == 100_000)
        #expect(catalog.totalFetched == 25)
        let capped = try tree.children(of: [0, 2], limits: ContentLimits(enforced: true))
        #expect(capped.items.count == 12)
        #expect(catalog.totalFetched == 25 + 12)
    }

    /// The item at the end of a 100,000-song list costs one fetch of one entry.
    @Test func deepItemOfAHugeListFetchesOneEntry() throws {
        let catalog = LongListCatalog(songs: 100_000)
        let item = try BrowseTree(catalog: catalog, musicDirectory: "/m").item(at: [0, 2, 99_999], limits: .default)
        #expect(item.title == "Song 99999")
        #expect(catalog.totalFetched == 1)
    }

    /// A catalog that cannot be read makes every call fail with its store error.
    @Test func storeErrorsAreWrapped() {
        let failure = StoreError.corrupt(path: "/db.sqlite")
        let tree = BrowseTree(catalog: InMemoryCatalog(SampleLibrary.fixture, failing: failure), musicDirectory: "/m")
        let expected = BrowseError.store(failure)
        #expect(throws: expected) { try tree.children(of: [], limits: .default) }
        #expect(throws: expected) { try tree.item(at: [0, 0], limits: .default) }
        #expect(throws: expected) { try tree.count(at: [3], limits: .default) }
        #expect(throws: expected) { try tree.playback(at: [3, 0], limits: .default) }
        #expect(throws: expected) { try tree.item(forIdentifier: "rondo:track:x") }
        #expect(throws: expected) { try tree.item(forIdentifier: "rondo:recent") }
        #expect(throws: expected) { try tree.playback(forIdentifier: "rondo:track:x") }
    }
}
