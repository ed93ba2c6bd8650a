import Library
import Testing

/// The median of `samples`.
private func median(_ samples: [Duration]) -> Duration { samples.sorted()[samples.count / 2] }

/// Runs `body` `count` times and returns each run's duration.
private func measure(_ count: Int, _ body: (Int) throws -> Void) rethrows -> [Duration] {
    let clock = ContinuousClock()
    return try (0..<count).map { run in try clock.measure { try body(run) } }
}

@Suite struct PlaybackStateStoreCostTests {
    /// Reports what saves and loads of a 1000-entry queue cost in this build (figures only, no limits).
    @Test func reportsSaveCosts() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        let states = [sampleState(count: 1000), sampleState(count: 1000, savedAt: 1)].enumerated().map { index, state in
            var state = state
            state.entries = state.entries.map { .init(id: $0.id + UInt64(index) * 10_000, path: $0.path + "\(index)") }
            return state
        }
        let full = try measure(21) { run throws in
            let report = try store.save(states[run % 2])
            #expect(report.parts.contains(.queue))
        }
        var playing = states[0]
        try store.save(playing)
        let positionOnly = try measure(201) { _ throws in
            playing.position += 1
            #expect(try store.save(playing).parts == .position)
        }
        let positionSaves = try measure(201) { run throws in
            #expect(try store.savePosition(Double(run) + 0.5, savedAt: 1))
        }
        let loads = try measure(21) { _ throws in #expect(try store.load() != nil) }
        print(
            "PlaybackStateStore cost (1000 entries, median): full save \(median(full)),",
            "position-only save \(median(positionOnly)), savePosition \(median(positionSaves)),",
            "load \(median(loads))")
    }
}
