import Library
import Testing

/// `savePosition`, the save repeated while playing: one row, the rest of the state kept,
/// and nothing written where the position would not belong to the state in the file.
@Suite struct PlaybackStateStorePositionTests {
    /// A saved position loads back with the rest of the state as it was saved, through the
    /// same store and through a fresh one, and a later full save builds on it.
    @Test func aSavedPositionLoadsBackWithTheRestOfTheState() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let store = PlaybackStateStore(database: database)
        var state = sampleState(count: 100)
        try store.save(state)
        #expect(try store.savePosition(20.25, savedAt: state.savedAt + 5))
        state.position = 20.25
        state.savedAt += 5
        #expect(try PlaybackStateStore(database: database).load() == state)
        state.repeat = "one"
        #expect(try store.save(state).parts == .player)
        #expect(try PlaybackStateStore(database: database).load() == state)
    }

    /// The position saved last is the one a `kill -9` leaves: each is committed on its own.
    @Test func eachPositionIsCommittedWhenSaved() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let store = PlaybackStateStore(database: try fixture.open())
        try store.save(sampleState(count: 3))
        for second in 1...20 {
            #expect(try store.savePosition(Double(second), savedAt: Double(second)))
            let reader = PlaybackStateStore(database: try fixture.open())
            #expect(try reader.load()?.position == Double(second))
        }
    }

    /// Nothing is written without a state to move, for the position already saved, or for
    /// a position that is not a media time.
    @Test func writesNothingWithoutAStateOrAChange() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        #expect(try !PlaybackStateStore(database: database).savePosition(3, savedAt: 1))
        #expect(try PlaybackStateStore(database: database).load() == nil)
        let store = PlaybackStateStore(database: database)
        let state = sampleState(count: 3)
        try store.save(state)
        #expect(try !store.savePosition(state.position, savedAt: state.savedAt + 1))
        #expect(try !store.savePosition(-1, savedAt: state.savedAt + 1))
        #expect(try !store.savePosition(.nan, savedAt: state.savedAt + 1))
        #expect(try !store.savePosition(.infinity, savedAt: state.savedAt + 1))
        #expect(try store.load() == state)
    }

    /// A store whose state is not the file's (another store saved since) does not put its
    /// position into the other state; its next full save rewrites everything.
    @Test func aStaleStoreLeavesTheFileAlone() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let first = PlaybackStateStore(database: database)
        let second = PlaybackStateStore(database: database)
        var state = sampleState(count: 10)
        try first.save(state)
        let other = sampleState(count: 4)
        try second.save(other)
        #expect(try !first.savePosition(99, savedAt: state.savedAt + 1))
        #expect(try second.load() == other)
        state.position = 99
        #expect(try first.save(state).parts == .wholeQueue.union(.feedback))
        #expect(try second.load() == state)
    }
}
