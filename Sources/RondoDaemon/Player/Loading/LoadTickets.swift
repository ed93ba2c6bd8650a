import Audio

/// The loader's tickets the player waits on: the load not yet handed to the engine, the
/// newest pre-roll, and the requests waiting for a stream's load to end. A result whose
/// ticket is not the newest belongs to a load or pre-roll asked for again since.
struct LoadTickets {
    /// The ticket of the load the loader has yet to hand to the engine, if any.
    var pendingLoad: Int?
    /// The ticket of the newest pre-roll asked of the loader.
    var pendingPrepare = 0
    /// Requests waiting for a stream's load to end, by its ticket.
    private var waiters: [Int: [CheckedContinuation<AudioError?, Never>]] = [:]

    /// Whether `ticket` is the pending load's; it is then no longer pending.
    mutating func finish(_ ticket: Int) -> Bool {
        guard ticket == pendingLoad else { return false }
        pendingLoad = nil
        return true
    }

    /// Adds a request waiting for the load of `ticket` to end.
    mutating func wait(for ticket: Int, _ waiter: CheckedContinuation<AudioError?, Never>) {
        waiters[ticket, default: []].append(waiter)
    }

    /// Tells those waiting for the load of `ticket` how it ended: with `failure`, or played.
    mutating func settle(_ ticket: Int, _ failure: AudioError?) {
        for waiter in waiters.removeValue(forKey: ticket) ?? [] { waiter.resume(returning: failure) }
    }

    /// Tells everyone waiting for a load that it was replaced or stopped: not a failure.
    mutating func settleAll() {
        for ticket in Array(waiters.keys) { settle(ticket, nil) }
    }
}
