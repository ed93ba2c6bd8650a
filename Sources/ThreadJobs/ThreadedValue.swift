import Foundation

/// A value worked out on a thread of its own while the caller goes on with something else.
///
/// Thread safety: `value` is written once by the thread, under `condition`, and read under it.
public final class ThreadedValue<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    /// Starts a thread that runs `work`.
    public init(name: String, _ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let result = work()
            condition.lock()
            value = result
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// Waits for `work` to return, and returns what it returned.
    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
