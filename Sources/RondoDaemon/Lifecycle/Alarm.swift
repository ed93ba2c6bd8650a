import Dispatch
import Synchronization

/// A sleep that others can cut short: a part's background loop sleeps on it until its next
/// deadline, or for as long as it has none, and whoever changes what the loop looks at rings
/// it. A loop with nothing due thus costs no wake-ups at all, where a fixed period costs
/// several a second for the life of the daemon.
///
/// A ring while nobody sleeps is kept, so the next sleep returns at once: a change made
/// between the loop's look and its sleep is not missed. One task sleeps on an alarm at a
/// time.
///
/// A sleep's time limit is kept by one timer for the alarm's whole life, re-armed by each
/// sleep: a task sleeping per sleep would leave its wait queued in the executor until its
/// deadline, rung or not, and a loop rung a thousand times a second would hold thousands.
final class Alarm: Sendable {
    fileprivate struct State {
        /// The sleep under way, by number.
        var sleeper: (number: UInt64, continuation: CheckedContinuation<Void, Never>)?
        /// When the sleep under way ends by itself, if it has a limit.
        var deadline: DispatchTime?
        var rung = false
        var sleeps: UInt64 = 0
    }

    private let state = Mutex(State())
    /// Fires at the sleep's deadline; armed only under the state's lock.
    private nonisolated(unsafe) let timer: any DispatchSourceTimer

    /// Makes an alarm that has not rung.
    init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "rondo.alarm"))
        timer.schedule(deadline: .distantFuture)
        timer.setEventHandler { [weak self] in self?.timeUp() }
        timer.activate()
    }

    deinit { timer.cancel() }

    /// Sleeps until the alarm rings (or has rung since the last sleep), `seconds` pass
    /// (`nil`: no limit), or the task is cancelled.
    func sleep(upTo seconds: Double?) async {
        let number = state.withLock { state in
            state.sleeps += 1
            return state.sleeps
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let wakeNow = state.withLock { state in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.sleeper = (number, continuation)
                    if let seconds {
                        let deadline = DispatchTime.now() + max(0, min(seconds, Self.longestLimit))
                        state.deadline = deadline
                        timer.schedule(deadline: deadline)
                    }
                    return false
                }
                if wakeNow { continuation.resume() }
            }
        } onCancel: {
            end(sleep: number)
        }
    }

    /// The longest limit a sleep is given (a day): a larger one wakes early, harmlessly.
    private static let longestLimit = 86_400.0

    /// Wakes the sleeper, or the next sleep when nobody sleeps now.
    func ring() {
        let woken = state.withLock { state in
            if state.sleeper == nil { state.rung = true }
            return state.takeSleeper(number: nil)
        }
        woken?.resume()
    }

    /// Ends the sleep under way when its deadline has come; a timer armed for an earlier
    /// sleep that fires late finds a later deadline, or none, and does nothing.
    private func timeUp() {
        let woken = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let deadline = state.deadline, DispatchTime.now() >= deadline else { return nil }
            return state.takeSleeper(number: nil)
        }
        woken?.resume()
    }

    /// Ends sleep `number` if it is still the one under way: its task was cancelled.
    private func end(sleep number: UInt64) {
        state.withLock { $0.takeSleeper(number: number) }?.resume()
    }
}

extension Alarm.State {
    /// The sleep under way, if it is sleep `number` (`nil`: whichever it is); it is no longer
    /// under way.
    fileprivate mutating func takeSleeper(number: UInt64?) -> CheckedContinuation<Void, Never>? {
        guard let sleeper, number == nil || sleeper.number == number else { return nil }
        defer { (self.sleeper, deadline) = (nil, nil) }
        return sleeper.continuation
    }
}
