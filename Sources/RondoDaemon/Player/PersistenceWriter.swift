import Foundation
import Library
import Logging

/// Writes the player's state and its library notes (plays, resume points, output settings)
/// to SQLite on a thread of its own, so the player's actor never waits for the disk.
///
/// States coalesce: a state saved while an earlier one still waits replaces it (its
/// feedback merged in, newest per track, so a cleared track is still erased), and the store
/// writes only what changed. Other writes run once each, in the order they came. A write
/// starts as soon as the previous one ends: nothing waits on a timer, so the window that a
/// `kill -9` can lose is the write itself, as before.
///
/// ``written()`` waits (without holding any thread) until everything handed over before the
/// call is on disk, so a request is answered only once what it changed is kept.
///
/// While the player plays, the state comes with a ``PositionWatch``: between states the
/// writer saves the position heard every ``PositionWatch/interval`` seconds on its own, so
/// the save that keeps a `kill -9` from losing more than a second costs one wake of this
/// thread and one row, and nothing of the player's actor.
///
/// Ownership: the pending work and the counts are guarded by `condition`; only the writer
/// thread calls the store.
final class PersistenceWriter: @unchecked Sendable {
    private let saveState: @Sendable (SavedPlaybackState) throws -> Void
    private let logger: Logger
    private let condition = NSCondition()
    /// The state waiting to be saved, if any; guarded by `condition`.
    private var pendingState: SavedPlaybackState?
    /// Other writes waiting, oldest first; guarded by `condition`.
    private var pendingWrites: [(what: String, write: @Sendable () throws -> Void)] = []
    /// How many submissions were made, and how many are on disk (or failed); guarded by `condition`.
    private var submitted = 0
    private var finished = 0
    /// Who waits for which submission to finish; guarded by `condition`.
    private var waiters: [(upTo: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var closed = false
    /// A state whose save failed, tried again with the next one; guarded by `condition`.
    private var failedState: SavedPlaybackState?
    /// Whether the last state save failed (logged once until one works again); writer thread only.
    private var stateFailing = false
    /// The position to keep saving until the next state, and when it is due next; guarded by `condition`.
    private var watch: (position: PositionWatch, due: Date)?

    /// Starts the writer thread.
    /// - Parameters:
    ///   - logger: where failed writes are logged.
    ///   - saveState: saves a state (the store's `save`); called on the writer thread only.
    init(logger: Logger, saveState: @escaping @Sendable (SavedPlaybackState) throws -> Void) {
        self.logger = logger
        self.saveState = saveState
        let thread = Thread { [self] in
            while let batch = nextBatch() { write(batch) }
        }
        thread.name = "rondo-persist"
        thread.start()
    }

    /// Hands over a state to save, replacing one that still waits. Returns at once.
    /// - Parameters:
    ///   - state: the player's state.
    ///   - watching: the position to save from then on, every interval, until the next
    ///     state; `nil` when the player does not play.
    func save(_ state: SavedPlaybackState, watching: PositionWatch? = nil) {
        submit {
            watch = watching.map { ($0, Date(timeIntervalSinceNow: $0.interval)) }
            var state = state
            if let earlier = pendingState ?? failedState {
                state.feedback = earlier.feedback.merging(state.feedback) { _, newer in newer }
            }
            pendingState = state
            failedState = nil
        }
    }

    /// Hands over one write (a play noted, a resume point), run after those before it; a
    /// failure is logged as `what`. Returns at once.
    func perform(_ what: String, _ write: @escaping @Sendable () throws -> Void) {
        submit { pendingWrites.append((what, write)) }
    }

    /// Waits until everything handed over before this call is written (or has failed).
    func written() async {
        await withCheckedContinuation { continuation in waitForWritten(continuation) }
    }

    private func waitForWritten(_ continuation: CheckedContinuation<Void, Never>) {
        condition.lock()
        let target = submitted
        guard finished < target, !closed else {
            condition.unlock()
            continuation.resume()
            return
        }
        waiters.append((target, continuation))
        condition.unlock()
    }

    /// Writes what waits, then stops the thread; later submissions are dropped. Blocks.
    func close() {
        condition.lock()
        let target = submitted
        condition.broadcast()
        while finished < target { condition.wait() }
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Records a change; the writer thread is woken at once, or, during a request, once the
    /// request's reply is written (``AfterReply``), so the wake does not delay the reply.
    /// ``written()`` still waits for the change.
    private func submit(_ change: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        change()
        submitted += 1
        AfterReply.run { [condition] in condition.broadcast() }
    }

    private struct Batch {
        var state: SavedPlaybackState?
        var writes: [(what: String, write: @Sendable () throws -> Void)] = []
        var upTo: Int
        /// The watch whose position is due, saved after `state`.
        var position: PositionWatch?
    }

    /// Waits for work or for the watched position to fall due; `nil` once closed with
    /// nothing left. A due position takes along a state whose save failed, to try it again
    /// first: the position belongs to that state.
    private func nextBatch() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while pendingState == nil, pendingWrites.isEmpty, !closed {
            guard let (position, due) = watch else {
                condition.wait()
                continue
            }
            if !condition.wait(until: due), watch?.due == due {
                watch = (position, Date(timeIntervalSinceNow: position.interval))
                let retry = failedState
                failedState = nil
                return Batch(state: retry, upTo: submitted, position: position)
            }
        }
        if closed, pendingState == nil, pendingWrites.isEmpty { return nil }
        defer {
            pendingState = nil
            pendingWrites = []
        }
        return Batch(state: pendingState, writes: pendingWrites, upTo: submitted)
    }

    private func write(_ batch: Batch) {
        var stateKept = true
        if let state = batch.state {
            stateKept = keep { try saveState(state) }
            if !stateKept { keepForRetry(state) }
        }
        if stateKept, let watch = batch.position, let seconds = watch.read() {
            _ = keep { try watch.write(seconds) }
        }
        for (what, write) in batch.writes {
            do { try write() } catch { logger.warning("cannot save \(what): \(error)") }
        }
        condition.lock()
        finished = max(finished, batch.upTo)
        let due = waiters.filter { $0.upTo <= finished }
        waiters.removeAll { $0.upTo <= finished }
        condition.broadcast()
        condition.unlock()
        for waiter in due { waiter.continuation.resume() }
    }

    /// Runs a save of the state or its position; a failure is logged once until one works again.
    /// - Returns: whether it worked.
    private func keep(_ save: () throws -> Void) -> Bool {
        do {
            try save()
            if stateFailing { logger.notice("saving the playback state works again") }
            stateFailing = false
            return true
        } catch {
            if !stateFailing { logger.error("cannot save the playback state: \(error)") }
            stateFailing = true
            return false
        }
    }

    /// A state that failed to save is tried again with the next one, so the feedback it
    /// changed is not lost.
    private func keepForRetry(_ state: SavedPlaybackState) {
        condition.lock()
        defer { condition.unlock() }
        if var newer = pendingState {
            newer.feedback = state.feedback.merging(newer.feedback) { _, newest in newest }
            pendingState = newer
        } else {
            failedState = state
        }
    }
}
