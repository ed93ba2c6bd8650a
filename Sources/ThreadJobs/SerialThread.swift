import Foundation

/// A thread of its own that runs the jobs handed to it one at a time, in the order they
/// came (each lane of the player's track loader is one). A job may block for as long as its
/// file or stream takes; it holds up only the jobs behind it on this thread, never a shared
/// pool.
///
/// Ownership: the waiting jobs, `stopping` and `finished` are guarded by `condition`; only
/// the thread runs the jobs.
public final class SerialThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var stopping = false
    private var finished = false

    /// Starts the thread, named `name` (at most 15 bytes, as Linux keeps them).
    public init(name: String) {
        let thread = Thread { [self] in
            while let batch = nextJobs() {
                for job in batch { job() }
            }
            condition.withLock {
                finished = true
                condition.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on the thread after the jobs handed over before it. Returns at once.
    /// - Returns: whether the job will run; `false` once the thread was told to stop.
    @discardableResult
    public func async(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.withLock {
            guard !stopping else { return false }
            jobs.append(job)
            condition.broadcast()
            return true
        }
    }

    /// Lets the thread end once the jobs handed over so far have run. Returns at once.
    public func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    /// Blocks until the thread has ended, once ``stop()`` was called: every job handed over
    /// before it has run. For an owner whose jobs use something it is about to close.
    public func waitUntilStopped() {
        condition.withLock {
            while !finished { condition.wait() }
        }
    }

    /// Waits for jobs; `nil` once stopped with none left.
    private func nextJobs() -> [@Sendable () -> Void]? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty, !stopping { condition.wait() }
        guard !jobs.isEmpty else { return nil }
        defer { jobs = [] }
        return jobs
    }
}
