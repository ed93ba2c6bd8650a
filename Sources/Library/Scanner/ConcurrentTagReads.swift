import Foundation
import TagReading

/// Reads the tags of a list of files on several threads while the scanner writes the
/// results already read: with two cores, reading (system calls, libmpg123) and writing
/// (SQLite) overlap. Each result is made ready for writing on the thread that read it
/// (`prepare`), so the one writing thread does as little as it can.
///
/// Results come back in batches, in the order they finish. Workers stop reading ahead once
/// `maximumPending` results wait, so memory stays bounded whatever the number of files.
///
/// Thread safety: `next`, `pending` and `finishedWorkers` are guarded by `condition`; the
/// caller's thread takes results while the workers add them.
final class ConcurrentTagReads: @unchecked Sendable {
    typealias Outcome = (index: Int, file: ScannedFile)
    typealias Prepare = @Sendable (_ index: Int, _ result: Result<ScannedTags, TagReadFailure>) -> ScannedFile

    private let paths: [String]
    private let reader: any TagReader
    private let prepare: Prepare
    private let threadCount: Int
    private let maximumPending: Int
    private let condition = NSCondition()
    private var next = 0
    private var pending: [Outcome] = []
    private var finishedWorkers = 0
    private var stopped = false

    /// Starts `threadCount` threads reading `paths` with `reader` and passing each result,
    /// with the index of its path, through `prepare`.
    init(paths: [String], reader: any TagReader, threadCount: Int, maximumPending: Int, prepare: @escaping Prepare) {
        self.paths = paths
        self.reader = reader
        self.prepare = prepare
        self.threadCount = threadCount
        self.maximumPending = maximumPending
        for _ in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Waits for `count` results (fewer once the files run out) and returns them; `nil`
    /// when every result has been returned.
    func take(_ count: Int) -> [Outcome]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.count < count, finishedWorkers < threadCount { condition.wait() }
        guard !pending.isEmpty else { return nil }
        let batch = Array(pending.prefix(count))
        pending.removeFirst(batch.count)
        condition.broadcast()
        return batch
    }

    /// Stops the workers after the files they are reading and waits for them to finish.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        condition.broadcast()
        while finishedWorkers < threadCount { condition.wait() }
    }

    private func work() {
        while let index = claim() {
            let result = Result { () throws(TagReadFailure) in try reader.readTags(at: paths[index]) }
            let file = prepare(index, result)
            condition.lock()
            pending.append((index, file))
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next file to read, or `nil` (counting this worker as finished) when there is none.
    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while pending.count >= maximumPending, !stopped { condition.wait() }
        guard !stopped, next < paths.count else {
            finishedWorkers += 1
            condition.broadcast()
            return nil
        }
        next += 1
        return next - 1
    }
}
