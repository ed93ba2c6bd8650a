import Library
import Testing

@Suite struct BrowseTreeWalkTests {
    /// Walking every item of the sample library, count, children's total and the number of
    /// items listed agree, and item(at:) shows what the listing showed.
    @Test func everyPathAgreesWithItsListing() throws {
        let tree = SampleLibrary.tree()
        let visits = try TreeWalk.visits(tree)
        let fixed = 4 + 5
        let artists = 5 + 7 + 15
        let albums = 7 + 15
        let genres = 4 + 15
        let playlists = 2 + 4
        let shows = 2 + 5
        let recentlyPlayed = 3
        let stations = 3
        #expect(visits.count == fixed + artists + albums + 16 + genres + playlists + shows + recentlyPlayed + stations)
        for visit in visits {
            #expect(try tree.item(at: visit.path, limits: .default) == visit.item, "\(dotted(visit.path))")
            let count = try tree.count(at: visit.path, limits: .default)
            #expect(count == visit.children.total, "\(dotted(visit.path))")
            #expect(count == visit.children.items.count, "\(dotted(visit.path))")
            #expect(!visit.children.limited)
            #expect(visit.item.isContainer || count == 0, "\(dotted(visit.path)) is a leaf with children")
        }
    }

    /// Every item's identifier resolves back to the same item, and identifiers are unique
    /// except where the same record is listed in several places.
    @Test func identifiersResolveToTheSameItems() throws {
        let tree = SampleLibrary.tree()
        var seen: [String: BrowseItem] = [:]
        for visit in try TreeWalk.visits(tree) {
            #expect(try tree.item(forIdentifier: visit.item.identifier) == visit.item, "\(dotted(visit.path))")
            if let earlier = seen[visit.item.identifier] { #expect(earlier == visit.item) }
            seen[visit.item.identifier] = visit.item
        }
        #expect(seen.count == 9 + 5 + 7 + 4 + 2 + 2 + 16 + 5 + 3)
    }

    /// Every fixed container resolves by identifier to the item at its fixed index path.
    @Test(arguments: [
        ("rondo:library", "0"), ("rondo:library:artists", "0.0"), ("rondo:library:albums", "0.1"),
        ("rondo:library:songs", "0.2"), ("rondo:library:genres", "0.3"), ("rondo:recent", "0.4"),
        ("rondo:playlists", "1"), ("rondo:spoken", "2"), ("rondo:radio", "3"),
    ])
    func fixedIdentifiersResolve(_ identifier: String, _ path: String) throws {
        let tree = SampleLibrary.tree()
        let item = try tree.item(at: indexPath(path), limits: .default)
        #expect(item.identifier == identifier)
        #expect(try tree.item(forIdentifier: identifier) == item)
    }

    /// An identifier nothing has is not found; so is the placeholder's while the library has tracks.
    @Test(arguments: ["rondo:track:/nowhere.mp3", "", "rondo:", "rondo:placeholder", "rondo:library:podcasts"])
    func unknownIdentifiersAreNotFound(_ identifier: String) {
        #expect(throws: BrowseError.notFound(identifier: identifier)) {
            try SampleLibrary.tree().item(forIdentifier: identifier)
        }
        #expect(throws: BrowseError.notFound(identifier: identifier)) {
            try SampleLibrary.tree().playback(forIdentifier: identifier)
        }
    }

    /// item(for:) shows a catalog entry exactly as the tree lists it, for search results.
    @Test func searchResultsLookLikeTreeItems() throws {
        let catalog = SampleLibrary.catalog()
        let tree = SampleLibrary.tree(catalog)
        for (list, path) in [
            (CatalogList.artists, [0, 0]), (.albums, [0, 1]), (.songs, [0, 2]), (.spokenShows, [2]), (.stations, [3]),
        ] {
            let listed = try tree.children(of: path, limits: .default).items
            #expect(try catalog.entries(list, in: 0..<100).map(tree.item(for:)) == listed)
        }
    }
}
