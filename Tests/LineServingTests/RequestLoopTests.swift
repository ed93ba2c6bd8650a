import Dispatch
import Synchronization
import Testing

@testable import LineServing

/// The request loop's job queue: what other threads hand the loop, and what its own jobs
/// queue while they run, runs on the loop's thread, once, in order.
@Suite struct RequestLoopTests {
    /// What the jobs saw, appended from whichever thread runs them.
    private final class Record<Value: Sendable>: Sendable {
        private let values = Mutex<[Value]>([])

        func append(_ value: Value) { values.withLock { $0.append(value) } }
        var all: [Value] { values.withLock { $0 } }
    }

    @Test func jobsQueuedByAJobRunAfterTheJobsQueuedBeforeThem() throws {
        let loop = try RequestLoop()
        let order = Record<String>()
        let onLoop = Record<Bool>()
        @Sendable func record(_ name: String) {
            order.append(name)
            onLoop.append(loop.inLoop)
        }
        loop.execute {
            record("first")
            loop.execute {
                record("queued by first")
                loop.execute { record("queued by the one first queued") }
            }
            loop.execute { record("queued second by first") }
        }
        loop.execute { record("second") }
        loop.start()
        loop.stop()
        #expect(
            order.all == ["first", "second", "queued by first", "queued second by first", "queued by the one first queued"])
        #expect(onLoop.all == Array(repeating: true, count: 5))
        #expect(!loop.inLoop)
    }

    @Test func everyJobFromManyThreadsRunsOnceEach() throws {
        let loop = try RequestLoop()
        loop.start()
        let threads = 8
        let jobsPerThread = 2_000
        let ran = Record<Int>()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for job in 0..<jobsPerThread {
                let number = thread * jobsPerThread + job
                loop.execute { ran.append(number) }
            }
        }
        loop.stop()
        #expect(ran.all.sorted() == Array(0..<threads * jobsPerThread))
    }

    @Test func theJobsOfOneThreadKeepTheirOrderWhileTheLoopRuns() throws {
        let loop = try RequestLoop()
        loop.start()
        let seen = Record<Int>()
        for number in 0..<5_000 { loop.execute { seen.append(number) } }
        loop.stop()
        #expect(seen.all == Array(0..<5_000))
    }
}
