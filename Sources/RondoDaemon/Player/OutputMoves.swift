/// The output changes asked of the player (`player.setOutput`, MPD's `enableoutput`), carried
/// out one at a time in the order asked. Each waits on the audio server off the player's
/// actor, which serves other requests meanwhile; the next change waits for it, so two
/// changes never interleave their steps.
struct OutputMoves {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Takes the turn when no change runs; `false`: one runs, and the caller waits
    /// (``wait(_:)``) until ``leave()`` hands it the turn.
    mutating func enter() -> Bool {
        guard !busy else { return false }
        busy = true
        return true
    }

    /// Queues `waiter` for the turn.
    mutating func wait(_ waiter: CheckedContinuation<Void, Never>) {
        waiting.append(waiter)
    }

    /// Ends the change that has the turn: returns the waiter to resume, which has the turn
    /// from now on, or `nil` when none waits (the turn is free).
    mutating func leave() -> CheckedContinuation<Void, Never>? {
        guard !waiting.isEmpty else {
            busy = false
            return nil
        }
        return waiting.removeFirst()
    }
}
