import Synchronization

/// Work that a request's handler leaves to run once the request's reply is written and
/// flushed: a `play` is answered as soon as it is accepted, and the track's loading, which
/// takes the CPU for a few milliseconds, would otherwise delay the very reply it follows.
///
/// The connection that runs a request's handler binds one to ``current`` (a task-local, so it
/// reaches every call the handler awaits, actors included) and runs what was left once the
/// reply is on its way. Outside a request there is none: the caller runs the work at once.
final class AfterReply: Sendable {
    /// Where the request being handled leaves its work, if a request is being handled.
    @TaskLocal static var current: AfterReply?

    private let work = Mutex<[@Sendable () -> Void]>([])

    /// Makes an empty list.
    init() {}

    /// Runs `work` once the reply is written, or at once when no request is being handled.
    static func run(_ work: @escaping @Sendable () -> Void) {
        guard let current else { return work() }
        current.work.withLock { $0.append(work) }
    }

    /// Runs the work left so far, in the order it was left, on a task of the shared pool;
    /// the reply is written. The loop that wrote the reply only starts that task, so its
    /// client gets the CPU while the work wakes whatever else it needs (the player's loads,
    /// the MPRIS bus thread, the state writer).
    /// - Returns: the task running the work, `nil` when none was left.
    @discardableResult
    func replyWritten() -> Task<Void, Never>? {
        let items = work.withLock { list in
            defer { list.removeAll() }
            return list
        }
        guard !items.isEmpty else { return nil }
        return Task { for item in items { item() } }
    }
}
