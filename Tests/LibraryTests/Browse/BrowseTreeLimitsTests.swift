import Library
import Testing

private func enforced(items: Int = 12, depth: Int = 5) -> ContentLimits {
    ContentLimits(enforced: true, itemLimit: items, depthLimit: depth)
}

/// A library with `count` songs by one artist on one album, so lists are long.
private func longLibrary(_ count: Int) -> BrowseTree {
    let tracks = (0..<count).map {
        CatalogFixture.Track(
            path: "/m/\($0).mp3", title: "Song \($0 + 1000)", artist: "Solo", album: "Long", number: $0)
    }
    return BrowseTree(catalog: InMemoryCatalog(CatalogFixture(tracks: tracks)), musicDirectory: "/m")
}

@Suite struct BrowseTreeLimitsTests {
    /// At the default item limit a long list gives 12 items, says it was limited, and keeps the real total.
    @Test func itemLimitCapsChildrenAndKeepsTotal() throws {
        let page = try longLibrary(30).children(of: [0, 2], limits: enforced())
        #expect(page.items.count == 12)
        #expect(page.items.map(\.title) == (0..<12).map { "Song \($0 + 1000)" })
        #expect(page.total == 30)
        #expect(page.limited)
    }

    /// A list no longer than the item limit is served whole and not marked limited.
    @Test(arguments: [11, 12]) func shortListIsNotLimited(_ count: Int) throws {
        let page = try longLibrary(count).children(of: [0, 2], limits: enforced())
        #expect(page.items.count == count)
        #expect(page.total == count)
        #expect(!page.limited)
    }

    /// Without enforcement nothing is capped, whatever the limits say.
    @Test func unenforcedLimitsCapNothing() throws {
        let limits = ContentLimits(enforced: false, itemLimit: 2, depthLimit: 1)
        let tree = longLibrary(30)
        let page = try tree.children(of: [0, 2], limits: limits)
        #expect(page.items.count == 30)
        #expect(!page.limited)
        #expect(try tree.item(at: [0, 0, 0, 0, 29], limits: limits).title == "Song 1029")
    }

    /// Offset and limit page within the first itemLimit children; `limited` says whether the cap cut the page.
    @Test(
        arguments: [
            // offset, limit, expected positions, limited
            (0, nil, Array(0..<12), true),
            (0, 5, Array(0..<5), false),
            (5, 3, Array(5..<8), false),
            (10, 5, Array(10..<12), true),
            (11, 1, [11], false),
            (12, nil, [], true),
            (12, 1, [], true),
            (25, 10, [], true),
            (30, 5, [], false),
            (99, nil, [], false),
            (-4, 2, [0, 1], false),
            (3, 0, [], false),
            (3, -2, [], false),
        ] as [(Int, Int?, [Int], Bool)])
    func offsetPagesWithinTheCap(_ offset: Int, _ limit: Int?, _ positions: [Int], _ limited: Bool) throws {
        let page = try longLibrary(30).children(of: [0, 2], offset: offset, limit: limit, limits: enforced())
        #expect(page.items.map(\.title) == positions.map { "Song \($0 + 1000)" })
        #expect(page.total == 30)
        #expect(page.limited == limited)
    }

    /// Unenforced, offset and limit alone choose the page.
    @Test func offsetPagesTheWholeListWhenUnenforced() throws {
        let page = try longLibrary(30).children(of: [0, 2], offset: 20, limit: 5, limits: .default)
        #expect(page.items.map(\.title) == (20..<25).map { "Song \($0 + 1000)" })
        #expect(!page.limited)
    }

    /// Radio with 30 stations is capped like any list while enforced: 12 stations, the real
    /// total, `limited`; offset pages within the cap; a station is reachable at depth 2 and
    /// its Radio refuses listing at depth limit 1.
    @Test func radioIsCappedLikeAnyList() throws {
        let stations = (0..<30).map { (name: "Station \($0 + 10)", url: "http://radio.example/\($0)") }
        let tree = BrowseTree(catalog: InMemoryCatalog(CatalogFixture(stations: stations)), musicDirectory: "/m")
        let page = try tree.children(of: [3], limits: enforced())
        #expect(page.items.map(\.title) == (10..<22).map { "Station \($0)" })
        #expect(page.total == 30)
        #expect(page.limited)
        #expect(try tree.children(of: [3], offset: 10, limit: 5, limits: enforced()).items.count == 2)
        #expect(try tree.item(at: [3, 11], limits: enforced(depth: 2)).title == "Station 21")
        #expect(try tree.playback(at: [3, 29], limits: .default).startIndex == 29)
        #expect(throws: BrowseError.contentLimitExceeded(path: [3], depthLimit: 1)) {
            try tree.children(of: [3], limits: enforced(depth: 1))
        }
    }

    /// An item limit smaller than the root caps the root too.
    @Test func smallItemLimitCapsTheRoot() throws {
        let page = try SampleLibrary.tree().children(of: [], limits: enforced(items: 2))
        #expect(page.items.map(\.title) == ["Library", "Playlists"])
        #expect(page.total == 4)
        #expect(page.limited)
    }

    /// At depth limit 3, children of a 3-component path are refused and of a 2-component path served.
    @Test func depthLimitThreeExample() throws {
        let tree = SampleLibrary.tree()
        let limits = enforced(depth: 3)
        #expect(throws: BrowseError.contentLimitExceeded(path: [0, 0, 1], depthLimit: 3)) {
            try tree.children(of: [0, 0, 1], limits: limits)
        }
        #expect(try tree.children(of: [0, 0], limits: limits).items.count == 5)
    }

    /// For each depth limit, children are listed exactly for paths shorter than the limit, and
    /// item, count and play are refused exactly for paths longer than it.
    @Test(arguments: 1...6) func depthRuleAtEveryLimit(_ depth: Int) throws {
        let tree = SampleLibrary.tree()
        let limits = enforced(depth: depth)
        let deepest: [Int] = [0, 0, 1, 1, 0]
        for length in 0...deepest.count {
            let path = Array(deepest.prefix(length))
            let refused = BrowseError.contentLimitExceeded(path: path, depthLimit: depth)
            if length < depth {
                #expect(try tree.children(of: path, limits: limits).total == tree.count(at: path, limits: .default))
            } else {
                #expect(throws: refused) { try tree.children(of: path, limits: limits) }
            }
            if length <= depth {
                #expect(try tree.count(at: path, limits: limits) == tree.count(at: path, limits: .default))
                if length > 0 {
                    #expect(try tree.item(at: path, limits: limits) == tree.item(at: path, limits: .default))
                }
                if length >= 4 { #expect(try tree.playback(at: path, limits: limits).tracks.count == 4) }
            } else {
                #expect(throws: refused) { try tree.item(at: path, limits: limits) }
                #expect(throws: refused) { try tree.count(at: path, limits: limits) }
                #expect(throws: refused) { try tree.playback(at: path, limits: limits) }
            }
        }
    }

    /// At the default depth of 5 a track of an artist's album is reachable and nothing below it.
    @Test func defaultDepthReachesArtistAlbumTracks() throws {
        let tree = SampleLibrary.tree()
        #expect(try tree.item(at: [0, 0, 1, 0, 0], limits: enforced()).title == "Help!")
        #expect(throws: BrowseError.contentLimitExceeded(path: [0, 0, 1, 0, 0], depthLimit: 5)) {
            try tree.children(of: [0, 0, 1, 0, 0], limits: enforced())
        }
        #expect(throws: BrowseError.contentLimitExceeded(path: [0, 0, 1, 0, 0, 0], depthLimit: 5)) {
            try tree.item(at: [0, 0, 1, 0, 0, 0], limits: enforced())
        }
    }

    /// The depth rule is checked before the path: a too-deep path that also does not exist is refused for depth.
    @Test func depthIsCheckedBeforeExistence() {
        #expect(throws: BrowseError.contentLimitExceeded(path: [9, 9, 9], depthLimit: 2)) {
            try SampleLibrary.tree().item(at: [9, 9, 9], limits: enforced(depth: 2))
        }
    }

    /// Items beyond the item cap stay reachable by index path: only listing is capped.
    @Test func itemLimitDoesNotHideItemsFromPaths() throws {
        let tree = longLibrary(30)
        #expect(try tree.item(at: [0, 2, 20], limits: enforced()).title == "Song 1020")
        #expect(try tree.count(at: [0, 2], limits: enforced()) == 30)
    }
}
