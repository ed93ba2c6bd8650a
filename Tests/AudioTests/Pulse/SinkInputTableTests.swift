import Testing

@testable import Audio

/// The sink-input table's bookkeeping and the events it derives, without a server.
struct SinkInputTableTests {
    private typealias Entry = SinkInputTable.Entry

    private static func entry(_ session: String, sink: UInt32 = 0, corked: Bool = false) -> Entry {
        Entry(session: session, sink: sink, corked: corked, channels: 2)
    }

    /// A session sounds from its first uncorked sink input until its last one corks or goes.
    @Test func soundFollowsUncorkedSinkInputs() {
        var table = SinkInputTable()
        #expect(table.update(1, to: Self.entry("a", corked: true), at: 0) == (true, []))
        #expect(table.update(1, to: Self.entry("a"), at: 1).events == [.soundStarted(session: "a")])
        #expect(table.update(2, to: Self.entry("a"), at: 2) == (true, []))
        #expect(table.update(1, to: Self.entry("a", corked: true), at: 3) == (false, []))
        #expect(table.remove(2, at: 4) == [.soundStopped(session: "a")])
        #expect(table.remove(1, at: 5) == [])
        #expect(table.soundingSessions.isEmpty)
    }

    /// A sink input that loses its session property leaves the table like a removed one.
    @Test func sinkInputWithoutSessionIsDropped() {
        var table = SinkInputTable()
        _ = table.update(1, to: Self.entry("a"), at: 0)
        #expect(table.update(1, to: nil, at: 1).events == [.soundStopped(session: "a")])
        #expect(table.sinkInputs(of: "a").isEmpty)
    }

    /// A sink is announced once; its removal names the sessions playing there, and those
    /// whose sink input went away from it just before, but not long before.
    @Test func sinkRemovalNamesRecentSessions() {
        var table = SinkInputTable()
        #expect(table.addSink(7, name: "x", description: "X") == [.sinkAdded(name: "x")])
        #expect(table.addSink(7, name: "x", description: "X") == [])
        _ = table.update(1, to: Self.entry("playing", sink: 7), at: 0)
        _ = table.update(2, to: Self.entry("killed", sink: 7), at: 0)
        _ = table.update(3, to: Self.entry("elsewhere", sink: 0), at: 0)
        _ = table.update(4, to: Self.entry("long-gone", sink: 7), at: 0)
        _ = table.remove(4, at: 0)
        let removal = 2 * SinkInputTable.departureGrace
        _ = table.remove(2, at: removal - 1_000)
        #expect(table.removeSink(7, at: removal) == [.sinkRemoved(name: "x", sessions: ["killed", "playing"])])
        #expect(table.removeSink(7, at: removal) == [])
    }

    /// A sink input moving to another sink is reported with both sinks' names; the sink it
    /// left still names its session when removed just after (a server moves streams off a
    /// sink before it announces the sink's removal).
    @Test func moveIsReportedAndCountsForTheSinkLeft() {
        var table = SinkInputTable()
        _ = table.addSink(1, name: "one", description: "One")
        _ = table.addSink(2, name: "two", description: "Two")
        _ = table.update(5, to: Self.entry("player", sink: 1), at: 0)
        #expect(table.sink(of: "player") == "one")
        #expect(table.update(5, to: Self.entry("player", sink: 2), at: 10).events == [.sessionMoved(session: "player", from: "one", to: "two")])
        #expect(table.sink(of: "player") == "two")
        #expect(table.update(5, to: Self.entry("player", sink: 2), at: 20).events == [])
        #expect(table.removeSink(1, at: 30) == [.sinkRemoved(name: "one", sessions: ["player"])])
        #expect(table.descriptions[1] == nil)
        #expect(table.descriptions[2] == "Two")
        // Rescued off a sink already removed: that is the removal, no move.
        _ = table.addSink(3, name: "three", description: "Three")
        _ = table.update(6, to: Self.entry("car", sink: 3), at: 40)
        #expect(table.removeSink(3, at: 41) == [.sinkRemoved(name: "three", sessions: ["car"])])
        #expect(table.update(6, to: Self.entry("car", sink: 2), at: 42).events == [])
    }

    /// A stream reported on no known sink while it moves is still on the sink it left; its
    /// landing on the new sink is the move.
    @Test func streamBetweenSinksMovesOnceItLands() {
        var table = SinkInputTable()
        _ = table.addSink(1, name: "one", description: "One")
        _ = table.addSink(2, name: "two", description: "Two")
        _ = table.update(5, to: Self.entry("player", sink: 1), at: 0)
        #expect(table.update(5, to: Self.entry("player", sink: .max), at: 1).events == [])
        #expect(table.sink(of: "player") == "one")
        #expect(table.update(5, to: Self.entry("player", sink: 2), at: 2).events == [.sessionMoved(session: "player", from: "one", to: "two")])
    }

    /// A change report of a sink not announced yet neither adds it nor spoils its announcement;
    /// one of a known sink updates its description.
    @Test func changeBeforeAnnouncementKeepsItNews() {
        var table = SinkInputTable()
        table.describeSink(4, as: "Early")
        #expect(table.descriptions[4] == nil)
        #expect(table.addSink(4, name: "four", description: "Four") == [.sinkAdded(name: "four")])
        table.describeSink(4, as: "Renamed")
        #expect(table.descriptions[4] == "Renamed")
    }
}
