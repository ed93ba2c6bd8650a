import Playback
import RondoTesting
import Testing

/// A seeded queue of 1…16 entries on random albums (some without one), shuffled by `mode`
/// with repeat all, played from the start of the order for three cycles by a random mix of
/// automatic advances and `nextTrack`.
private struct ShuffleRun {
    var rig: PlayerRig
    /// Album of each queue index, `nil` for entries that stand alone.
    var albums: [String?] = []
    /// Queue indexes in the order they became current.
    var played: [Int] = []

    init(seed: UInt64, mode: ShuffleMode) {
        var random = SplitMix64(seed: seed)
        rig = PlayerRig(seed: random.next())
        let count = Int.random(in: 1...16, using: &random)
        var items: [MediaItem] = []
        for index in 0..<count {
            let album = Int.random(in: 0...4, using: &random)
            let name: String? = album == 0 ? nil : "album\(album)"
            albums.append(name)
            items.append(MediaItem(location: "/music/\(index).mp3", collection: name))
        }
        _ = rig.append(items: items)
        _ = rig.send(.changeShuffleMode(mode))
        _ = rig.send(.changeRepeatMode(.all))
        _ = rig.send(.play)
        played.append(rig.queue.currentIndex!)
        for _ in 1..<(3 * count) {
            if Bool.random(using: &random) {
                _ = rig.report(.advanced(to: rig.player.automaticNext!.id))
            } else {
                _ = rig.send(.nextTrack)
            }
            played.append(rig.queue.currentIndex!)
        }
    }

    /// The played indexes cut into cycles of the queue's length.
    var cycles: [[Int]] {
        stride(from: 0, to: played.count, by: albums.count).map { Array(played[$0..<min($0 + albums.count, played.count)]) }
    }
}

@Suite struct ShuffleInvariantTests {
    /// Under either shuffle, every entry plays exactly once per cycle, cycle after cycle.
    @Test(arguments: [ShuffleMode.items, .collections])
    func everyEntryOncePerCycle(mode: ShuffleMode) {
        for seed in 0..<300 as Range<UInt64> {
            let run = ShuffleRun(seed: seed, mode: mode)
            for cycle in run.cycles {
                #expect(cycle.sorted() == Array(0..<run.albums.count), "seed \(seed): cycle \(cycle)")
            }
        }
    }

    /// Under collections shuffle, each album plays as one run in queue order, every cycle.
    @Test func collectionsKeepAlbumsTogetherInOrder() {
        for seed in 0..<300 as Range<UInt64> {
            let run = ShuffleRun(seed: seed, mode: .collections)
            for cycle in run.cycles {
                for album in Set(run.albums.compactMap { $0 }) {
                    let members = run.albums.indices.filter { run.albums[$0] == album }
                    let positions = members.map { cycle.firstIndex(of: $0)! }
                    #expect(positions == Array(positions[0]..<(positions[0] + members.count)), "seed \(seed): \(cycle)")
                }
            }
        }
    }

    /// With repeat all a new cycle is shuffled again: across seeds, some second cycles differ
    /// from their first.
    @Test(arguments: [ShuffleMode.items, .collections])
    func newCycleReshuffles(mode: ShuffleMode) {
        var differing = 0
        for seed in 0..<100 as Range<UInt64> {
            let cycles = ShuffleRun(seed: seed, mode: mode).cycles
            if cycles[0] != cycles[1] { differing += 1 }
        }
        #expect(differing > 20)
    }

    /// Items shuffle can put any entry first: over many seeds every entry opens the order.
    @Test func everyEntryCanComeFirst() {
        var firsts: Set<Int> = []
        for seed in 0..<200 as Range<UInt64> {
            var rig = PlayerRig(count: 6, seed: seed)
            _ = rig.send(.changeShuffleMode(.items))
            firsts.insert(rig.queue.order[0])
        }
        #expect(firsts == Set(0..<6))
    }

    /// The same seed replays the same order; shuffle is injected, not ambient.
    @Test func sameSeedSameOrder() {
        var a = PlayerRig(count: 20, seed: 77)
        var b = PlayerRig(count: 20, seed: 77)
        _ = a.send(.changeShuffleMode(.items))
        _ = b.send(.changeShuffleMode(.items))
        #expect(a.queue.order == b.queue.order)
    }
}
