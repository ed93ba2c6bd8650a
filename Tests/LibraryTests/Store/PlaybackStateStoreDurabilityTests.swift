import Foundation
import Library
import RondoTesting
import Spawning
import Synchronization
import Testing

/// Environment variable naming the database the crash child writes to; set only in the child.
private let crashChildDatabase = "RONDO_LIBRARY_CRASH_CHILD_DATABASE"

@Suite struct PlaybackStateStoreDurabilityTests {
    /// A state committed through a pool that is never closed is read whole by a second pool.
    ///
    /// Proves commits are complete in the file and its WAL without a checkpoint or close; it
    /// does not by itself prove recovery after a crash (see `survivesKillDuringSaves`).
    @Test func unclosedPoolLeavesCommittedState() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let writer = PlaybackStateStore(database: try fixture.open())
        try writer.save(sampleState(count: 1000))
        #expect(try PlaybackStateStore(database: fixture.open()).load() == sampleState(count: 1000))
    }

    /// Readers on other connections see only whole saves while a writer saves in a loop.
    @Test func concurrentReadersSeeWholeSaves() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let database = try fixture.open()
        let writer = PlaybackStateStore(database: database)
        try writer.save(GenerationState.make(0))
        let finished = Atomic(false)
        let loads = Atomic(0)
        let mixed = Atomic(0)
        let reader: @Sendable () -> Void = {
            let store = PlaybackStateStore(database: database)
            while !finished.load(ordering: .acquiring) {
                let state = try? store.load()
                if state.flatMap(GenerationState.generation(of:)) == nil { mixed.add(1, ordering: .relaxed) }
                loads.add(1, ordering: .relaxed)
            }
        }
        let writing: @Sendable () -> Void = {
            for generation in 1...400 { _ = try? writer.save(GenerationState.make(generation)) }
            finished.store(true, ordering: .releasing)
        }
        runOnThreads([writing, reader, reader, reader])
        #expect(mixed.load(ordering: .relaxed) == 0)
        #expect(loads.load(ordering: .relaxed) > 3)
        #expect(try writer.load() == GenerationState.make(400))
    }

    /// A process killed with SIGKILL while saving leaves the last committed state, whole.
    ///
    /// The child is this test binary running ``crashChildSavesUntilKilled()``. Before each kill
    /// the parent reads a generation the child has committed; after it, a fresh open (which
    /// recovers the WAL) must load one whole generation at least that recent. A kill -9 keeps
    /// the kernel's page cache, so this proves crash consistency, not survival of a power cut.
    @Test func survivesKillDuringSaves() throws {
        let fixture = try DatabaseFixture()
        defer { fixture.remove() }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var generator = SplitMix64(seed: 7)
        for round in 0..<5 {
            let child = try ChildProcess(
                [executable, "--testing-library", "swift-testing", "--filter", "crashChildSavesUntilKilled"],
                environment: [crashChildDatabase: fixture.path])
            defer { child.terminate(grace: 0) }
            var committed: Int?
            let deadline = Date().addingTimeInterval(30)
            while committed ?? -1 < 40 * (round + 1), child.isRunning, Date() < deadline {
                committed = try? LibraryDatabase(path: fixture.path).withStore { try $0.load() }
                    .flatMap(GenerationState.generation(of:))
            }
            Thread.sleep(forTimeInterval: Double(generator.next() % 20) / 1000)
            child.signal(SIGKILL)
            #expect(child.wait() == 128 + SIGKILL, "round \(round): the child stopped before it was killed")
            let recovered = try LibraryDatabase(path: fixture.path).withStore { try $0.load() }
            let generation = recovered.flatMap(GenerationState.generation(of:))
            #expect(generation != nil, "round \(round): loaded a state that is no whole save")
            #expect(generation ?? -1 >= committed ?? .max, "round \(round): lost a committed save")
        }
    }

    /// Child half of `survivesKillDuringSaves`: saves ever newer generations until killed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[crashChildDatabase] != nil))
    func crashChildSavesUntilKilled() throws {
        let path = try #require(ProcessInfo.processInfo.environment[crashChildDatabase])
        let store = PlaybackStateStore(database: try LibraryDatabase(path: path))
        var generation = try store.load().flatMap(GenerationState.generation(of:)) ?? 0
        while true {
            generation += 1
            try store.save(GenerationState.make(generation))
        }
    }
}

extension LibraryDatabase {
    /// Runs `body` with a store on this database, then closes the database.
    fileprivate func withStore<T>(_ body: (PlaybackStateStore) throws -> T) throws -> T {
        defer { try? close() }
        return try body(PlaybackStateStore(database: self))
    }
}
