import Testing

@testable import Library

@Suite struct PageWindowTests {
    /// Over small lists, every offset, limit and item cap gives exactly the positions a plain
    /// filter gives, and `limited` is true exactly when the cap removed a wanted position.
    @Test(arguments: [false, true]) func matchesAFilterOverEveryCase(_ enforced: Bool) {
        for total in 0...14 {
            for offset in -2...16 {
                for limit in [nil] + Array(-1...16) {
                    for itemLimit in 1...15 {
                        let limits = ContentLimits(enforced: enforced, itemLimit: itemLimit)
                        let window = PageWindow(total: total, offset: offset, limit: limit, limits: limits)
                        let wanted = (0..<total).filter { $0 >= offset && $0 - max(offset, 0) < (limit ?? total) }
                        let shown = wanted.filter { !enforced || $0 < itemLimit }
                        #expect(
                            Array(window.range) == shown,
                            "total \(total) offset \(offset) limit \(String(describing: limit)) cap \(itemLimit)")
                        #expect(window.limited == (shown.count < wanted.count))
                    }
                }
            }
        }
    }

    /// Extreme offsets and limits neither overflow nor trap.
    @Test(
        arguments: [(Int.max, Int.max), (Int.min, Int.max), (Int.max, Int.min), (5, Int.max), (Int.min, nil)]
            as [(Int, Int?)])
    func extremesAreClamped(_ offset: Int, _ limit: Int?) {
        let window = PageWindow(total: 20, offset: offset, limit: limit, limits: ContentLimits(enforced: true))
        #expect(window.range.clamped(to: 0..<12) == window.range)
    }
}

@Suite struct PlaybackWindowTests {
    /// For every list length around the cap and every chosen position, the window holds the
    /// chosen track, is as long as the list allows, and starts at it unless too few follow.
    @Test(arguments: [1, 2, 9, 10, 11, 25]) func windowHoldsTheChosenTrack(_ count: Int) {
        let maximum = 10
        for position in 0..<count {
            let window = PlaybackWindow(count: count, position: position, maximum: maximum)
            #expect(window.range.contains(position))
            #expect(window.range.count == min(count, maximum))
            #expect(window.range.lowerBound + window.startIndex == position)
            #expect(window.range.lowerBound == (count <= maximum ? 0 : min(position, count - maximum)))
        }
    }
}
