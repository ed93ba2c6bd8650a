import Synchronization

/// The acceptors waiting for a descriptor, told when a connection of any of the daemon's
/// sockets ends: descriptors are the process's, so one freed by a client of the JSON socket
/// is one an MPD client waiting in its queue can have.
///
/// Ownership: the waiting list is guarded by a mutex; acceptors add to it from their loop
/// threads, and connections' ends drain it from theirs.
final class DescriptorsFreed: Sendable {
    /// The process's one list.
    static let process = DescriptorsFreed()

    /// One waiter an acceptor: a later wait replaces its earlier one.
    private let waiting = Mutex<[ObjectIdentifier: @Sendable () -> Void]>([:])

    /// Runs `resume` once, when the next connection ends.
    func wait(for owner: AnyObject, _ resume: @escaping @Sendable () -> Void) {
        waiting.withLock { $0[ObjectIdentifier(owner)] = resume }
    }

    /// Tells every acceptor waiting that a descriptor was freed.
    func freed() {
        let resumes = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for resume in resumes { resume() }
    }
}
