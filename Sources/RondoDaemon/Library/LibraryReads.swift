import Dispatch
import RondoProtocol

/// Runs the library's longer reads (search, problems, stats: milliseconds on a large
/// library) and the radio stations' reads and writes (a write waits for the database's one
/// writer, which a scan's batch may hold) on threads of their own, so that a slow query
/// never holds one of the few threads of Swift's cooperative pool, which every other
/// request needs. Browsing a page or an item (index lookups of a few dozen microseconds)
/// stays inline: the hop would cost more than the read.
enum LibraryReads {
    private static let queue = DispatchQueue(label: "rondo.library-reads", attributes: .concurrent)

    /// The result of `read`, run on a library-read thread.
    /// - Throws: what `read` throws.
    static func run<Value: Sendable, Failure: Error>(_ read: @escaping @Sendable () throws(Failure) -> Value) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(Failure) in try read() }) }
        }
        return try result.get()
    }

    /// Runs `work` on a library-read thread, without waiting for it.
    static func start(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// The library-read threads as a task executor: a task that prefers it runs its own
    /// code there (SQLite, files, directory walks), never on a request loop, and hops to an
    /// actor it calls as any task does.
    static let executor = Executor()

    /// Runs the jobs of the tasks that prefer it on the library-read threads.
    final class Executor: TaskExecutor, Sendable {
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedTaskExecutor()
            LibraryReads.queue.async { job.runSynchronously(on: executor) }
        }
    }
}
