import NIOCore

/// An event loop as a task executor: a task that prefers it, and the default actors it
/// calls, run their jobs on the loop's thread between its I/O, so a request handled there
/// is answered with no thread to wake on the way in or out.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    /// Runs jobs on `loop`.
    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
