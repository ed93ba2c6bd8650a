import CLinux
import Foundation
import Glibc
import Synchronization
import ThreadJobs

/// Something the request loop watches: a listening socket or a client connection.
public protocol LoopWatched: AnyObject {
    /// The descriptor is ready; `events` are the epoll flags it reported.
    func ready(_ events: UInt32)
}

/// The one thread that serves every client of the daemon's socket: an epoll loop that
/// reads requests, answers them and writes the replies, as MPD's main loop does.
///
/// A request costs the loop one `epoll_wait`, one `read` and one `write`, and nothing in
/// between but the request's own parsing, routing and encoding: no per-connection
/// pipeline, no promise per write, no thread to wake on the way in or out for a request
/// answered from a snapshot.
///
/// The loop is also a task executor: a task that prefers it (a route that only decides,
/// ``Router/register(_:onLoop:_:)``), and the default actors it calls, run their jobs on
/// the loop's thread between its I/O. Work from other threads (a finished request's
/// reply, a connection to close) arrives through ``execute(_:)``, on a ``ThreadJobQueue``
/// whose eventfd wakes the loop.
///
/// Ownership: the watched table and everything the watched objects own are touched only on
/// the loop's thread; the job queue guards itself.
public final class RequestLoop: TaskExecutor, @unchecked Sendable {
    /// The most bytes one read of a connection takes.
    public static let readSize = 64 * 1024

    private let poll: Int32
    private let jobs: ThreadJobQueue
    /// Watched objects by descriptor.
    private var watched: [(any LoopWatched)?] = []
    /// The loop thread's `pthread_t`, 0 until it runs.
    private let thread = Atomic<UInt>(0)
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Where connections read their sockets, one at a time.
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: RequestLoop.readSize, alignment: 16)

    /// The name of the loop's thread.
    private let threadName: String

    /// Creates the loop's epoll instance and wake-up eventfd; ``start()`` runs it on a
    /// thread named `threadName`.
    public init(threadName: String = "rondod-requests") throws(SocketServerError) {
        self.threadName = threadName
        poll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard poll >= 0 else { throw .system("cannot create the request loop's epoll instance", errno) }
        guard let jobs = ThreadJobQueue() else {
            close(poll)
            throw .system("cannot create the request loop's eventfd", errno)
        }
        self.jobs = jobs
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: jobs.wakeDescriptor))
        epoll_ctl(poll, EPOLL_CTL_ADD, jobs.wakeDescriptor, &event)
    }

    deinit {
        readBuffer.deallocate()
        close(poll)
    }

    /// Starts the loop's thread.
    public func start() {
        let thread = Thread { [self] in
            self.thread.store(pthread_self(), ordering: .releasing)
            run()
            finished.signal()
        }
        thread.name = threadName
        thread.start()
    }

    /// Stops the loop once the jobs queued so far have run, and waits for its thread to end.
    public func stop() {
        execute { [self] in stopped.store(true, ordering: .releasing) }
        finished.wait()
    }

    /// Whether the caller runs on the loop's thread.
    public var inLoop: Bool {
        thread.load(ordering: .acquiring) == pthread_self()
    }

    /// Runs `job` on the loop's thread, after the jobs queued before it.
    public func execute(_ job: @escaping @Sendable () -> Void) {
        jobs.enqueue(job, fromOwner: inLoop)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// Watches `descriptor` for `events` (epoll flags) on behalf of `object`. Loop only.
    public func watch(_ descriptor: Int32, events: UInt32, for object: any LoopWatched) {
        if watched.count <= Int(descriptor) { watched += Array(repeating: nil, count: Int(descriptor) + 1 - watched.count) }
        watched[Int(descriptor)] = object
        var event = epoll_event(events: events, data: epoll_data_t(fd: descriptor))
        epoll_ctl(poll, EPOLL_CTL_ADD, descriptor, &event)
    }

    /// Changes the events watched on `descriptor`. Loop only.
    public func change(_ descriptor: Int32, events: UInt32) {
        var event = epoll_event(events: events, data: epoll_data_t(fd: descriptor))
        epoll_ctl(poll, EPOLL_CTL_MOD, descriptor, &event)
    }

    /// Stops watching `descriptor`, before it is closed. Loop only.
    public func forget(_ descriptor: Int32) {
        epoll_ctl(poll, EPOLL_CTL_DEL, descriptor, nil)
        if Int(descriptor) < watched.count { watched[Int(descriptor)] = nil }
    }

    /// Lends the loop's read buffer to `body`. Loop only.
    public func withReadBuffer<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        body(readBuffer)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            jobs.runJobs()
            if stopped.load(ordering: .acquiring) { return }
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(poll, $0.baseAddress, Int32($0.count), -1) }
            guard count > 0 else { continue }
            for index in 0..<Int(count) {
                let descriptor = events[index].data.fd
                if descriptor == jobs.wakeDescriptor {
                    jobs.acknowledgeWake()
                } else if Int(descriptor) < watched.count, let object = watched[Int(descriptor)] {
                    object.ready(events[index].events)
                }
            }
        }
    }
}
