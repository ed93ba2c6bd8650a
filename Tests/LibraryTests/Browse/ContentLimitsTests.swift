import Library
import Testing

@Suite struct ContentLimitsTests {
    /// The defaults are SPEC §6's: not enforced, 12 items, 5 levels.
    @Test func defaultsFollowTheSpecification() {
        #expect(ContentLimits.default == ContentLimits(enforced: false, itemLimit: 12, depthLimit: 5))
        #expect(ContentLimits() == .default)
    }

    /// Limits within range validate to themselves, enforced or not.
    @Test(arguments: [(1, 1), (12, 5), (1000, 16), (3, 2)], [false, true])
    func saneLimitsValidate(_ sizes: (items: Int, depth: Int), enforced: Bool) throws {
        let limits = ContentLimits(enforced: enforced, itemLimit: sizes.items, depthLimit: sizes.depth)
        #expect(try limits.validated() == limits)
    }

    /// Limits out of range are refused with a reason naming the bad value.
    @Test(arguments: [
        (0, 5, "item limit 0"), (-3, 5, "item limit -3"), (1001, 5, "item limit 1001"), (Int.min, 5, "item limit"),
        (12, 0, "depth limit 0"), (12, -1, "depth limit -1"), (12, 17, "depth limit 17"), (12, Int.max, "depth limit"),
    ])
    func outOfRangeLimitsAreRefused(_ items: Int, _ depth: Int, _ named: String) {
        let limits = ContentLimits(enforced: true, itemLimit: items, depthLimit: depth)
        #expect {
            try limits.validated()
        } throws: { error in
            guard case .badLimits(let reason) = error as? BrowseError else { return false }
            return reason.contains(named)
        }
    }

    /// The tree refuses invalid limits on every call, before reading the path.
    @Test func treeRefusesInvalidLimits() {
        let tree = SampleLibrary.tree()
        let bad = ContentLimits(enforced: false, itemLimit: 0, depthLimit: 5)
        #expect(throws: BrowseError.badLimits("item limit 0 is outside 1…1000")) {
            try tree.children(of: [], limits: bad)
        }
        #expect(throws: BrowseError.self) { try tree.item(at: [0], limits: bad) }
        #expect(throws: BrowseError.self) { try tree.count(at: [0], limits: bad) }
        #expect(throws: BrowseError.self) { try tree.playback(at: [3], limits: bad) }
    }
}
