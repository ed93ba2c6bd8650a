import Dispatch
import Synchronization

/// A value a completion hands over from another thread, awaited with a deadline.
final class Answer<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    /// Hands the value over (the completion's side).
    func give(_ given: Value) {
        value.withLock { $0 = given }
        arrived.signal()
    }

    /// The value, once given; `nil` when it did not come within `seconds`.
    func wait(seconds: Double = 5) -> Value? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return value.withLock { $0 }
    }
}
