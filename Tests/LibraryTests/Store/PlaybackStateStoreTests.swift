import Library
import Testing

/// Saves `state` through a fresh store, then loads it through another store on a reopened file.
private func roundTrip(_ state: SavedPlaybackState) throws -> SavedPlaybackState? {
    let fixture = try DatabaseFixture()
    defer { fixture.remove() }
    let database = try fixture.open()
    try PlaybackStateStore(database: database).save(state)
    try database.close()
    return try PlaybackStateStore(database: fixture.open()).load()
}

@Suite struct PlaybackStateStoreTests {
    /// The output settings come back as saved across a reopen, a later save replaces them,
    /// and a volume outside 0…1 is refused without touching what was saved.
    @Test func outputSettingsRoundTrip() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let store = PlaybackStateStore(database: database)
        #expect(try store.loadOutput() == nil)
        try store.saveOutput(SavedOutput(volume: 0.5, sink: "alsa_output.usb-DAC"))
        try store.saveOutput(SavedOutput(volume: 0.25, sink: nil))
        #expect(throws: StoreError.self) { try store.saveOutput(SavedOutput(volume: 1.5, sink: "x")) }
        #expect(throws: StoreError.self) { try store.saveOutput(SavedOutput(volume: .nan, sink: "x")) }
        try database.close()
        #expect(try PlaybackStateStore(database: fixture.open()).loadOutput() == SavedOutput(volume: 0.25, sink: nil))
    }

    /// States of every shape come back exactly as saved, across a close and reopen.
    @Test(arguments: [0, 1, 1000])
    func roundTripsQueuesOfEverySize(count: Int) throws {
        #expect(try roundTrip(sampleState(count: count)) == sampleState(count: count))
    }

    /// An empty, stopped state is a saved state, not the absence of one.
    @Test func roundTripsTheDefaultState() throws {
        #expect(try roundTrip(SavedPlaybackState()) == SavedPlaybackState())
    }

    /// Nothing current, no play order, no history and no collections survive as such.
    @Test func roundTripsNilCurrentAndEmptyOrders() throws {
        var state = sampleState(count: 5)
        state.currentIndex = nil
        state.playOrder = []
        state.history = []
        state.entries[2].collection = nil
        state.playing = false
        #expect(try roundTrip(state) == state)
    }

    /// Paths in any script, with spaces, quotes, emoji and combining marks, are kept byte for byte.
    @Test func roundTripsUnicodePaths() throws {
        let paths = [
            "/música/Björk – Jóga.mp3", "/音楽/坂本龍一/戦場のメリークリスマス.mp3", "/музыка/Чайковский 'Щелкунчик'.mp3",
            "/emoji/🎶 \"quoted\" %s.mp3", "/nfd/Cafe\u{301}.mp3", "/nfc/Caf\u{E9}.mp3",
        ]
        var state = SavedPlaybackState(
            entries: paths.enumerated().map { SavedQueueEntry(id: UInt64($0.offset + 1), path: $0.element) },
            currentIndex: 3)
        state.feedback = [paths[1]: TrackFeedback(bookmarked: true), paths[4]: TrackFeedback(disliked: true)]
        let loaded = try roundTrip(state)
        #expect(loaded == state)
        #expect(loaded?.entries.map { Array($0.path.utf8) } == paths.map { Array($0.utf8) })
    }

    /// Entry ids keep all 64 bits, including ones past `Int64.max`.
    @Test func roundTripsFullWidthEntryIDs() throws {
        let state = SavedPlaybackState(
            entries: [SavedQueueEntry(id: .max, path: "/a"), SavedQueueEntry(id: 1 << 63, path: "/b")], currentIndex: 0)
        #expect(try roundTrip(state) == state)
    }

    /// While playing, a save that moves only the position rewrites the one player row.
    @Test func positionOnlySaveTouchesOneRow() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        var state = sampleState(count: 1000)
        let full = try store.save(state)
        #expect(full.parts == SavedParts.wholeQueue.union(.feedback))
        // 1000 entries, 1000 play-order rows, 3 history rows, the player row, one feedback row.
        #expect(full.rowsChanged == 2005)
        for second in 1...5 {
            state.position += 1
            state.savedAt += 1
            #expect(try store.save(state) == SaveReport(parts: .position, rowsChanged: 1), "second \(second)")
        }
        #expect(try store.load() == state)
    }

    /// Saving an unchanged state (only `savedAt` moved) writes nothing.
    @Test func unchangedSaveWritesNothing() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        var state = sampleState(count: 10)
        try store.save(state)
        let written = state
        state.savedAt += 60
        #expect(try store.save(state) == SaveReport(parts: [], rowsChanged: 0))
        #expect(try store.load() == written)
    }

    /// Each kind of change writes only its own part, and the result loads back whole.
    @Test func partialSavesWriteOnlyTheirPart() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        var state = sampleState(count: 20)
        try store.save(state)
        state.repeat = "one"
        #expect(try store.save(state).parts == .player)
        state.playOrder.swapAt(0, 1)
        #expect(try store.save(state).parts == .playOrder)
        state.history.append(7)
        #expect(try store.save(state).parts == .history)
        state.feedback["/music/track3.mp3"] = TrackFeedback(liked: true, bookmarked: true)
        #expect(try store.save(state) == SaveReport(parts: .feedback, rowsChanged: 2))
        state.entries.append(SavedQueueEntry(id: 999, path: "/music/new.mp3"))
        #expect(try store.save(state).parts == .appended)
        state.entries.removeLast(2)
        state.playOrder = state.playOrder.filter { $0 < 19 }
        state.history = [1]
        #expect(try store.save(state).parts == .wholeQueue)
        #expect(try store.load() == state)
    }

    /// A queue that grows at its end is saved by adding its new rows only, however long it
    /// is: the entry, its play-order rank, its history step and the revision. A play order
    /// that does not just grow (a shuffle places the new entry inside it) is rewritten
    /// whole; either way the state loads back whole.
    @Test func appendingWritesOnlyTheNewRows() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        var state = sampleState(count: 1000)
        state.playOrder = Array(0..<1000)
        try store.save(state)
        state.entries.append(SavedQueueEntry(id: 5000, path: "/music/new.mp3"))
        state.playOrder.append(1000)
        state.history.append(1000)
        #expect(try store.save(state) == SaveReport(parts: .appended, rowsChanged: 4))
        #expect(try store.load() == state)
        state.entries.append(SavedQueueEntry(id: 5001, path: "/music/new2.mp3", collection: "album9"))
        state.playOrder.insert(1001, at: 10)
        state.currentIndex = 1001
        #expect(try store.save(state).parts == [.appended, .playOrder, .player])
        #expect(try store.load() == state)
        state.history = [3]
        state.entries.append(SavedQueueEntry(id: 5002, path: "/music/new3.mp3"))
        #expect(try store.save(state).parts == [.appended, .history])
        #expect(try store.load() == state)
    }

    /// Feedback belongs to the track: it outlives its queue entries, `.none` erases it, and
    /// tracks a save does not name keep theirs.
    @Test func feedbackIsKeyedByTrack() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        let liked = TrackFeedback(liked: true)
        try store.save(
            SavedPlaybackState(
                entries: [SavedQueueEntry(id: 1, path: "/a"), SavedQueueEntry(id: 2, path: "/b")],
                feedback: ["/a": liked, "/b": liked]))
        try store.save(SavedPlaybackState(entries: [SavedQueueEntry(id: 3, path: "/c")]))
        #expect(try store.load()?.feedback == [:])
        try store.save(
            SavedPlaybackState(
                entries: [SavedQueueEntry(id: 4, path: "/a"), SavedQueueEntry(id: 5, path: "/a"), SavedQueueEntry(id: 6, path: "/b")],
                feedback: ["/b": .none]))
        #expect(try store.load()?.feedback == ["/a": liked])
    }

    /// A state that breaks its rules is refused with a reason, and the saved state stays.
    @Test(arguments: [
        SavedPlaybackState(entries: [SavedQueueEntry(id: 1, path: "/a"), SavedQueueEntry(id: 1, path: "/b")]),
        SavedPlaybackState(entries: [SavedQueueEntry(id: 1, path: "/a")], playOrder: [1]),
        SavedPlaybackState(entries: [SavedQueueEntry(id: 1, path: "/a")], history: [-1]),
        SavedPlaybackState(currentIndex: 0),
        SavedPlaybackState(position: -1),
        SavedPlaybackState(position: .nan),
        SavedPlaybackState(rate: 0),
    ])
    func rejectsInvalidStates(invalid: SavedPlaybackState) throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        try store.save(sampleState(count: 3))
        let error = #expect(throws: StoreError.self) { try store.save(invalid) }
        guard case .invalidState = error else {
            Issue.record("expected invalidState, got \(String(describing: error))")
            return
        }
        #expect(try store.load() == sampleState(count: 3))
    }

    /// Two stores on one file stay correct: a store whose memory is stale rewrites everything.
    @Test func staleStoreRewritesEverything() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let first = PlaybackStateStore(database: database)
        let second = PlaybackStateStore(database: database)
        var state = sampleState(count: 10)
        try first.save(state)
        try second.save(sampleState(count: 4))
        state.position += 1
        #expect(try first.save(state).parts == .wholeQueue.union(.feedback))
        #expect(try second.load() == state)
    }
}
