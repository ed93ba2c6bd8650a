import Library
import RondoTesting
import Testing

@Suite struct BrowseTreeRandomizedTests {
    /// In random libraries, every item reached by listing agrees with count, item(at:) and its
    /// identifier, and Songs holds every music track.
    @Test(arguments: 0..<40 as Range<UInt64>) func randomLibrariesWalkConsistently(_ seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fixture = RandomLibrary.fixture(&random)
        let tree = BrowseTree(catalog: InMemoryCatalog(fixture), musicDirectory: "/r")
        let visits = try TreeWalk.visits(tree)
        for visit in visits {
            #expect(try tree.count(at: visit.path, limits: .default) == visit.children.total)
            #expect(visit.children.items.count == visit.children.total)
            #expect(try tree.item(at: visit.path, limits: .default) == visit.item)
            #expect(try tree.item(forIdentifier: visit.item.identifier) == visit.item)
        }
        let music = fixture.tracks.filter { !$0.spokenWord }
        let empty = fixture.tracks.isEmpty && fixture.stations.isEmpty
        #expect(try tree.count(at: empty ? [] : [0, 2], limits: .default) == (empty ? 1 : music.count))
        if !empty { #expect(try tree.count(at: [3], limits: .default) == fixture.stations.count) }
    }

    /// Random paths under random limits never crash: each call either answers consistently or
    /// throws the error its rule names.
    @Test(arguments: 0..<40 as Range<UInt64>) func randomPathsAnswerOrRefuse(_ seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let tree = BrowseTree(catalog: InMemoryCatalog(RandomLibrary.fixture(&random)), musicDirectory: "/r")
        for _ in 0..<200 {
            let path = try RandomLibrary.path(in: tree, &random)
            let limits = ContentLimits(
                enforced: random.next() % 2 == 0, itemLimit: Int.random(in: 1...5, using: &random),
                depthLimit: Int.random(in: 1...6, using: &random))
            check(tree, path, limits, offset: Int.random(in: -1...6, using: &random))
        }
    }

    private func check(_ tree: BrowseTree, _ path: [Int], _ limits: ContentLimits, offset: Int) {
        let tooDeep = limits.enforced && path.count > limits.depthLimit
        let expectedCount = try? tree.count(at: path, limits: .default)
        do {
            let count = try tree.count(at: path, limits: limits)
            #expect(!tooDeep)
            #expect(count == expectedCount)
        } catch {
            if tooDeep {
                #expect(error == .contentLimitExceeded(path: path, depthLimit: limits.depthLimit))
            } else {
                #expect(expectedCount == nil)
                #expect(isOutOfRange(error))
            }
        }
        do {
            let page = try tree.children(of: path, offset: offset, limit: 3, limits: limits)
            #expect(page.total == expectedCount)
            #expect(page.items.count <= 3)
            #expect(!limits.enforced || page.items.count <= limits.itemLimit)
            #expect(!limits.enforced || path.count < limits.depthLimit)
        } catch {
            let refused = limits.enforced && path.count >= limits.depthLimit
            #expect(
                refused
                    ? error == .contentLimitExceeded(path: path, depthLimit: limits.depthLimit) : isOutOfRange(error))
        }
        do {
            let selection = try tree.playback(at: path, limits: limits)
            #expect(!selection.items.isEmpty)
            #expect(selection.items.indices.contains(selection.startIndex))
            #expect(selection.tracks.isEmpty || selection.stations.isEmpty)
        } catch {
            switch error {
            case .notPlayable, .indexOutOfRange, .contentLimitExceeded: break
            default: Issue.record("unexpected \(error)")
            }
        }
    }

    private func isOutOfRange(_ error: BrowseError) -> Bool {
        if case .indexOutOfRange = error { true } else { false }
    }
}
