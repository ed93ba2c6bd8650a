import Foundation
import Library
import Logging
import RondoTesting
import Synchronization
import Testing

@testable import RondoDaemon

/// The player's writer: states coalesce, writes keep their order, nothing handed over is
/// lost, and a waiter hears only once its changes are written.
@Suite struct PersistenceWriterTests {
    private static let logger = Logger(label: "rondod-test") { _ in SwiftLogNoOpLogHandler() }

    /// A saver that records what it saves and can be held at its next save.
    private final class Saver: Sendable {
        let saved = Mutex<[SavedPlaybackState]>([])
        let events = Mutex<[String]>([])
        let failures = Mutex(0)
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let holds = Mutex(0)

        func save(_ state: SavedPlaybackState) throws {
            if holds.withLock({ held in
                defer { held = max(0, held - 1) }
                return held > 0
            }) {
                entered.signal()
                gate.wait()
            }
            if failures.withLock({ failing in
                defer { failing = max(0, failing - 1) }
                return failing > 0
            }) {
                throw StoreError.invalidState("the disk is full")
            }
            saved.withLock { $0.append(state) }
            events.withLock { $0.append("saved \(state.position)") }
        }
    }

    private static func state(_ position: Double, feedback: [String: TrackFeedback] = [:]) -> SavedPlaybackState {
        SavedPlaybackState(position: position, feedback: feedback)
    }

    /// States handed over while a save runs are saved once, as the newest of them, with the
    /// feedback of every one (the newest per track).
    @Test func statesWaitingTogetherAreSavedOnceWithAllTheirFeedback() async {
        let saver = Saver()
        saver.holds.withLock { $0 = 1 }
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        writer.save(Self.state(1))
        saver.entered.wait()
        writer.save(Self.state(2, feedback: ["/a.mp3": TrackFeedback(liked: true), "/b.mp3": TrackFeedback(liked: true)]))
        writer.save(Self.state(3, feedback: ["/b.mp3": .none]))
        saver.gate.signal()
        await writer.written()
        let saved = saver.saved.withLock { $0 }
        #expect(saved.map(\.position) == [1, 3])
        #expect(saved.last?.feedback == ["/a.mp3": TrackFeedback(liked: true), "/b.mp3": .none])
        writer.close()
    }

    /// `written()` returns only after what was handed over before it is saved.
    @Test func writtenWaitsForTheSave() async {
        let saver = Saver()
        saver.holds.withLock { $0 = 1 }
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        writer.save(Self.state(7))
        saver.entered.wait()
        let waiter = Task {
            await writer.written()
            saver.events.withLock { $0.append("written") }
        }
        saver.events.withLock { $0.append("released") }
        saver.gate.signal()
        await waiter.value
        #expect(saver.events.withLock { $0 } == ["released", "saved 7.0", "written"])
        writer.close()
    }

    /// A state whose save failed is not lost: its feedback goes with the next state.
    @Test func aFailedSaveIsCarriedByTheNextOne() async {
        let saver = Saver()
        saver.failures.withLock { $0 = 1 }
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        writer.save(Self.state(1, feedback: ["/a.mp3": TrackFeedback(bookmarked: true)]))
        await writer.written()
        #expect(saver.saved.withLock { $0 }.isEmpty)
        writer.save(Self.state(2))
        await writer.written()
        #expect(saver.saved.withLock { $0 }.map(\.feedback) == [["/a.mp3": TrackFeedback(bookmarked: true)]])
        writer.close()
    }

    /// Other writes run once each, in the order they came, after the state handed over before them.
    @Test func writesRunInOrder() async {
        let saver = Saver()
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        writer.save(Self.state(1))
        for name in ["play", "resume point", "output"] {
            writer.perform(name) { saver.events.withLock { $0.append(name) } }
        }
        await writer.written()
        #expect(saver.events.withLock { $0 } == ["saved 1.0", "play", "resume point", "output"])
        writer.close()
    }

    /// A state handed over while a request is handled is written once the request's reply is:
    /// the writer is not woken before, and `written()` called meanwhile still waits for it.
    @Test func aSaveDuringARequestIsWrittenAfterTheReply() async {
        let saver = Saver()
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        // A first save, written, leaves the writer thread parked, waiting to be woken.
        writer.save(Self.state(4))
        await writer.written()
        try? await Task.sleep(for: .milliseconds(100))
        saver.events.withLock { $0 = [] }
        let afterReply = AfterReply()
        AfterReply.$current.withValue(afterReply) { writer.save(Self.state(5)) }
        let waiter = Task {
            await writer.written()
            saver.events.withLock { $0.append("written") }
        }
        // A writer woken at once writes within milliseconds.
        try? await Task.sleep(for: .milliseconds(50))
        #expect(saver.events.withLock { $0 }.isEmpty, "the writer ran before the reply")
        saver.events.withLock { $0.append("replied") }
        await afterReply.replyWritten()?.value
        await waiter.value
        #expect(saver.events.withLock { $0 } == ["replied", "saved 5.0", "written"])
        writer.close()
    }

    /// Closing writes a state whose wake was left for a reply that never came.
    @Test func closeWritesAStateWhoseWakeWasLeftForAReply() {
        let saver = Saver()
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        AfterReply.$current.withValue(AfterReply()) { writer.save(Self.state(9)) }
        writer.close()
        #expect(saver.saved.withLock { $0 }.map(\.position) == [9])
    }

    /// A position source for a ``PositionWatch``: each read hears the next second, after
    /// `unheardReads` reads that hear another entry; each write is an event of the saver.
    private final class Listener: Sendable {
        let reads = Mutex(0)
        let unheardReads: Int

        init(unheardReads: Int = 0) { self.unheardReads = unheardReads }

        func watch(_ saver: Saver) -> PositionWatch {
            PositionWatch(interval: 0.02) {
                let read = self.reads.withLock { reads in
                    reads += 1
                    return reads
                }
                return read > self.unheardReads ? Double(read - self.unheardReads) : nil
            } write: { seconds in
                saver.events.withLock { $0.append("position \(seconds)") }
            }
        }
    }

    /// Waits (up to 10 s) until the saver has `count` events.
    private static func waitForEvents(_ saver: Saver, count: Int) async {
        for _ in 0..<1000 where saver.events.withLock({ $0.count }) < count {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// While a watch is given, the writer saves the position it hears by itself, in order,
    /// after the state; a state without one stops it.
    @Test func aWatchedPositionIsSavedUntilTheNextState() async {
        let saver = Saver()
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        writer.save(Self.state(1), watching: Listener().watch(saver))
        await Self.waitForEvents(saver, count: 4)
        writer.save(Self.state(2))
        await writer.written()
        let events = saver.events.withLock { $0 }
        #expect(Array(events.prefix(4)) == ["saved 1.0", "position 1.0", "position 2.0", "position 3.0"])
        #expect(events.last == "saved 2.0")
        // Three of the watch's intervals.
        try? await Task.sleep(for: .milliseconds(60))
        #expect(saver.events.withLock { $0 } == events, "a position was saved after a state without a watch")
        writer.close()
    }

    /// A read that hears another entry saves nothing; the next one that hears the entry does.
    @Test func aPositionInAnotherEntryIsNotSaved() async {
        let saver = Saver()
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        let listener = Listener(unheardReads: 3)
        writer.save(Self.state(1), watching: listener.watch(saver))
        await Self.waitForEvents(saver, count: 2)
        #expect(Array(saver.events.withLock { $0 }.prefix(2)) == ["saved 1.0", "position 1.0"])
        #expect(listener.reads.withLock { $0 } >= 4)
        writer.close()
    }

    /// A state whose save failed is tried again when the position falls due, before the
    /// position, which belongs to it.
    @Test func aFailedStateIsTriedAgainBeforeThePosition() async {
        let saver = Saver()
        saver.failures.withLock { $0 = 1 }
        let writer = PersistenceWriter(logger: Self.logger, saveState: saver.save)
        writer.save(Self.state(1), watching: Listener().watch(saver))
        await Self.waitForEvents(saver, count: 2)
        #expect(Array(saver.events.withLock { $0 }.prefix(2)) == ["saved 1.0", "position 1.0"])
        writer.close()
    }

    /// Closing writes what still waits, into the real database: a new store reads it back.
    @Test func closeWritesWhatWaitsToTheDatabase() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-writer")
        defer { directory.remove() }
        let path = directory.appending("state.sqlite")
        let database = try LibraryDatabase(path: path)
        let store = PlaybackStateStore(database: database)
        let writer = PersistenceWriter(logger: Self.logger) { state in _ = try store.save(state) }
        let entries = (0..<3).map { SavedQueueEntry(id: UInt64($0 + 1), path: "/music/\($0).mp3") }
        let state = SavedPlaybackState(
            entries: entries, currentIndex: 1, position: 42.5, repeat: "all", rate: 1.5,
            feedback: ["/music/1.mp3": TrackFeedback(liked: true)], savedAt: 1000)
        writer.save(state)
        writer.close()
        try database.close()
        let reread = try PlaybackStateStore(database: LibraryDatabase(path: path)).load()
        #expect(reread == state)
    }
}
