import Foundation

/// Runs blocking work (a feed's fetch, which may wait a network timeout; a prompt played to
/// its end) on threads of its own, several at once, so that neither Swift's cooperative
/// pool nor Dispatch's is held by it.
public enum ThreadFanOut {
    /// `work` applied to every item, at most `width` at a time, each on a thread started for
    /// the purpose; the results in the order of `items`.
    public static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], width: Int, name: String, _ work: @escaping @Sendable (Item) -> Result
    ) async -> [Result] {
        guard !items.isEmpty else { return [] }
        let results = FanOutResults<Result>(count: items.count)
        let threads = min(max(width, 1), items.count)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let remaining = FanOutCounter(threads)
            for _ in 0..<threads {
                let thread = Thread {
                    while let index = results.claimNext() { results.store(work(items[index]), at: index) }
                    if remaining.decrement() == 0 { done.resume() }
                }
                thread.name = name
                thread.start()
            }
        }
        return results.all()
    }

    /// What `work` returns, run on a thread of its own named `name`.
    public static func run<Result: Sendable>(name: String, _ work: @escaping @Sendable () -> Result) async -> Result {
        await map([()], width: 1, name: name) { _ in work() }[0]
    }
}

/// The results of a fan-out and the next item to take, under one lock.
private final class FanOutResults<Result: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result?]
    private var next = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func claimNext() -> Int? {
        lock.withLock {
            guard next < values.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ value: Result, at index: Int) {
        lock.withLock { values[index] = value }
    }

    func all() -> [Result] {
        lock.withLock { values.compactMap { $0 } }
    }
}

/// How many threads of a fan-out still run.
private final class FanOutCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int

    init(_ count: Int) { self.count = count }

    func decrement() -> Int {
        lock.withLock {
            count -= 1
            return count
        }
    }
}
