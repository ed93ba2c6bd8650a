import Synchronization

/// A sleep that others can cut short: a part's background loop sleeps on it until its next
/// deadline, or for as long as it has none, and whoever changes what the loop looks at rings
/// it. A loop with nothing due thus costs no wake-ups at all, where a fixed period costs
/// several a second for the life of the daemon.
///
/// A ring while nobody sleeps is kept, so the next sleep returns at once: a change made
/// between the loop's look and its sleep is not missed. One task sleeps on an alarm at a
/// time.
final class Alarm: Sendable {
    fileprivate struct State {
        /// The sleep under way, by number.
        var sleeper: (number: UInt64, continuation: CheckedContinuation<Void, Never>)?
        /// What ends that sleep when its time is up.
        var timer: Task<Void, Never>?
        var rung = false
        var sleeps: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Makes an alarm that has not rung.
    init() {}

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
                    return false
                }
                if wakeNow { return continuation.resume() }
                guard let seconds else { return }
                let timer = Task {
                    try? await Task.sleep(for: .seconds(max(0, seconds)))
                    self.end(sleep: number)
                }
                let ended = state.withLock { state in
                    guard state.sleeper?.number == number else { return true }
                    state.timer = timer
                    return false
                }
                if ended { timer.cancel() }
            }
        } onCancel: {
            end(sleep: number)
        }
    }

    /// Wakes the sleeper, or the next sleep when nobody sleeps now.
    func ring() {
        let woken = state.withLock { state in
            if state.sleeper == nil { state.rung = true }
            return state.takeSleeper(number: nil)
        }
        Self.wake(woken)
    }

    /// Ends sleep `number` if it is still the one under way: its time is up or its task was
    /// cancelled.
    private func end(sleep number: UInt64) {
        Self.wake(state.withLock { $0.takeSleeper(number: number) })
    }

    private static func wake(_ woken: (continuation: CheckedContinuation<Void, Never>, timer: Task<Void, Never>?)?) {
        guard let woken else { return }
        woken.timer?.cancel()
        woken.continuation.resume()
    }
}

extension Alarm.State {
    /// The sleep under way, if it is sleep `number` (`nil`: whichever it is), with its
    /// timer; it is no longer under way.
    fileprivate mutating func takeSleeper(number: UInt64?) -> (continuation: CheckedContinuation<Void, Never>, timer: Task<Void, Never>?)? {
        guard let sleeper, number == nil || sleeper.number == number else { return nil }
        defer { (self.sleeper, timer) = (nil, nil) }
        return (sleeper.continuation, timer)
    }
}
