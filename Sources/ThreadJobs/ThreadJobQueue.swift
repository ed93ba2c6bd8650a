import CLinux
import Glibc
import Synchronization

/// Work handed to one thread from any other: the thread waits in `poll`/`epoll` on
/// ``wakeDescriptor`` among its own descriptors, and runs what others queued in the order
/// they queued it. The request loop and the MPRIS bus thread are such threads.
///
/// A job queued while the queue is empty writes the eventfd once; the owner reads it
/// (``acknowledgeWake()``) and runs the jobs (``runJobs()``) until none is left, those they
/// queue included, before it waits again. So a job queued behind another, or from the
/// owner's own thread, needs no wake-up.
///
/// Ownership: the queue is guarded by its mutex; ``runJobs()`` and ``acknowledgeWake()``
/// are for the owner's thread only.
public final class ThreadJobQueue: Sendable {
    /// The eventfd that becomes readable when jobs wait; the owner watches it for input.
    public let wakeDescriptor: Int32
    private let jobs = Mutex<[@Sendable () -> Void]>([])

    /// Makes an empty queue and its eventfd.
    /// - Returns: `nil` when no eventfd can be made (`errno` says why).
    public init?() {
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeDescriptor >= 0 else { return nil }
    }

    deinit { close(wakeDescriptor) }

    /// Queues `job` to run on the owner's thread after the jobs queued before it.
    /// - Parameter fromOwner: whether the caller is the owner's thread, which runs the queue
    ///   before it waits and needs no wake-up.
    public func enqueue(_ job: @escaping @Sendable () -> Void, fromOwner: Bool = false) {
        let wasEmpty = jobs.withLock { queue in
            queue.append(job)
            return queue.count == 1
        }
        if wasEmpty, !fromOwner { wake() }
    }

    /// Makes the owner's wait return, jobs or not (to stop it, say).
    public func wake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    /// Reads the eventfd's count, once the owner's wait said it is readable.
    public func acknowledgeWake() {
        var count: UInt64 = 0
        _ = read(wakeDescriptor, &count, 8)
    }

    /// Runs queued jobs until none is left, those they queue included. Owner only.
    ///
    /// The queue and the batch trade their buffers, so a wake-up allocates nothing: copying
    /// the queue out and emptying it in place would make the emptied queue a new buffer,
    /// since the copy still shares the old one.
    public func runJobs() {
        var batch: [@Sendable () -> Void] = []
        while true {
            jobs.withLock { swap(&$0, &batch) }
            if batch.isEmpty { return }
            for job in batch { job() }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
