import Library
import Testing

@Suite struct BrowseTreeOutOfRangeTests {
    /// Along the path to a track, one past the last child at each depth is out of range,
    /// naming that component and the number of children there.
    @Test(arguments: [
        ("4", 0, 4), ("0.5", 1, 5), ("0.4.3", 2, 3), ("0.0.5", 2, 5), ("0.0.1.3", 3, 3), ("0.0.1.1.4", 4, 4),
        ("1.2", 1, 2), ("1.0.4", 2, 4), ("2.2", 1, 2), ("2.1.2", 2, 2), ("3.3", 1, 3), ("0.2.16", 2, 16),
        ("0.3.4", 2, 4), ("0.3.0.2", 3, 2), ("1.1.0", 2, 0),
    ])
    func pastTheLastChild(_ path: String, _ component: Int, _ count: Int) {
        let expected = BrowseError.indexOutOfRange(path: indexPath(path), component: component, count: count)
        let tree = SampleLibrary.tree()
        #expect(throws: expected) { try tree.item(at: indexPath(path), limits: .default) }
        #expect(throws: expected) { try tree.count(at: indexPath(path), limits: .default) }
        #expect(throws: expected) { try tree.children(of: indexPath(path), limits: .default) }
        #expect(throws: expected) { try tree.playback(at: indexPath(path), limits: .default) }
    }

    /// The first bad component is reported, even when later ones are bad too.
    @Test func firstBadComponentIsReported() {
        #expect(throws: BrowseError.indexOutOfRange(path: [0, 7, 99, 99], component: 1, count: 5)) {
            try SampleLibrary.tree().item(at: [0, 7, 99, 99], limits: .default)
        }
    }

    /// Negative and extreme components are out of range at every depth.
    @Test(arguments: [-1, -12, Int.min, Int.max], [[], [0], [0, 0], [0, 0, 1], [0, 0, 1, 0]])
    func extremeComponents(_ bad: Int, _ prefix: [Int]) throws {
        let tree = SampleLibrary.tree()
        let count = try tree.count(at: prefix, limits: .default)
        let path = prefix + [bad]
        #expect(throws: BrowseError.indexOutOfRange(path: path, component: prefix.count, count: count)) {
            try tree.item(at: path, limits: .default)
        }
    }

    /// Going below a track or a station is out of range: neither has children, and listing
    /// them gives an empty page.
    @Test(arguments: ["0.0.1.0.0", "0.2.3", "1.0.0", "2.0.1", "0.4.2", "3.2"])
    func belowATrackOrAStation(_ track: String) throws {
        let tree = SampleLibrary.tree()
        let path = indexPath(track)
        #expect(try tree.count(at: path, limits: .default) == 0)
        #expect(try tree.children(of: path, limits: .default) == BrowsePage(items: [], total: 0, limited: false))
        #expect(throws: BrowseError.indexOutOfRange(path: path + [0], component: path.count, count: 0)) {
            try tree.item(at: path + [0], limits: .default)
        }
        #expect(throws: BrowseError.indexOutOfRange(path: path + [0, 0], component: path.count, count: 0)) {
            try tree.children(of: path + [0, 0], limits: .default)
        }
    }

    /// The root is not an item, so item(at: []) is out of range; count and children serve it.
    @Test func rootIsNoItem() throws {
        let tree = SampleLibrary.tree()
        #expect(throws: BrowseError.indexOutOfRange(path: [], component: 0, count: 4)) {
            try tree.item(at: [], limits: .default)
        }
        #expect(try tree.count(at: [], limits: .default) == 4)
    }
}
