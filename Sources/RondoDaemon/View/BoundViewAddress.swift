import Synchronization

/// Where the head-unit view listens once bound (`HOST:PORT`), for `daemon.info`; `nil`
/// while it is off or not listening. Any task may read or set it.
///
/// It also tells when the view has settled (it listens, cannot, or is off), so the socket
/// accepts its first client only then: a `rondo view` run as soon as the daemon answers
/// finds the view's address.
final class BoundViewAddress: Sendable {
    private struct State {
        var address: String?
        var settled = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Creates an address not yet settled.
    init() {}

    /// The address now.
    var current: String? { state.withLock { $0.address } }

    /// Records the address (or `nil` once the view stops); the view has settled.
    func set(_ value: String?) {
        state.withLock { $0.address = value }
        settle()
    }

    /// The view will not listen (it is off, or it failed): nothing more to wait for.
    func settle() {
        let waiting = state.withLock { state in
            state.settled = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once the view has settled, or the task is cancelled.
    func settled() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.settled || Task.isCancelled { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            settle()
        }
    }
}
