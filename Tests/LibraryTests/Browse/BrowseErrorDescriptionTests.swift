import Library
import Testing

@Suite struct BrowseErrorDescriptionTests {
    /// Each error's message names what was wrong (path, identifier, limit) and a command or step to take.
    @Test(arguments: [
        (
            BrowseError.indexOutOfRange(path: [0, 9], component: 1, count: 3),
            ["index path 0.9 does not exist", "item 0 has 3 children", "0 to 2", "rondo browse 0"]
        ),
        (
            .indexOutOfRange(path: [7], component: 0, count: 4),
            ["index path 7", "the root has 4 children", "rondo browse"]
        ),
        (
            .indexOutOfRange(path: [0, 0, 1, 0, 0, 0], component: 5, count: 0),
            ["0.0.1.0.0.0", "item 0.0.1.0.0 has no children", "rondo browse 0.0.1.0"]
        ),
        (
            .indexOutOfRange(path: [1, -1], component: 1, count: 1),
            ["index path 1.-1", "item 1 has 1 child", "rondo browse 1"]
        ),
        (.indexOutOfRange(path: [], component: 0, count: 4), ["the root is not an item", "rondo browse"]),
        (
            .contentLimitExceeded(path: [0, 0, 1, 0], depthLimit: 3),
            ["index path 0.0.1.0 is 4 levels deep", "3 levels", "rondo limits --off"]
        ),
        (
            .contentLimitExceeded(path: [0, 0, 1], depthLimit: 3),
            ["inside item 0.0.1", "4 levels deep", "3 levels", "rondo limits --off"]
        ),
        (.contentLimitExceeded(path: [0], depthLimit: 1), ["inside item 0", "1 level ", "rondo limits --off"]),
        (.notFound(identifier: "rondo:album:abc"), ["rondo:album:abc", "rondo search"]),
        (.notPlayable(path: [0, 0]), ["item 0.0", "rondo browse 0.0"]),
        (.notPlayable(path: []), ["the root", "rondo browse"]),
        (.nothingToPlay(identifier: "rondo:library"), ["rondo:library", "rondo search"]),
        (.badLimits("item limit 0 is outside 1…1000"), ["item limit 0", "--items 1-1000", "--depth 1-16"]),
        (.store(.corrupt(path: "/db")), ["library could not be read", "/db", "move it away"]),
    ])
    func messageNamesTheProblemAndTheRemedy(_ error: BrowseError, _ fragments: [String]) {
        for fragment in fragments { #expect(error.description.contains(fragment), "\(error.description)") }
    }

    /// Messages thrown by the tree carry the path the caller gave.
    @Test func thrownMessagesCarryTheCallersPath() {
        do {
            _ = try SampleLibrary.tree().item(at: [0, 0, 1, 9], limits: .default)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("index path 0.0.1.9 does not exist: item 0.0.1 has 3 children"))
            #expect(error.description.hasSuffix("browse it with: rondo browse 0.0.1"))
        }
    }
}
