/// What Rondo remembers of the other programs' players it paused: which pauses are still
/// waiting for `Paused`, and which players it may play again because its pause is the last
/// change of their `PlaybackStatus` (SPEC §16: never a player the user touched since).
///
/// A player is named by its bus name and known by the unique name of its connection (the
/// sender of its `PropertiesChanged`): a player that restarts under the same name is another
/// player. Callers waiting for a pause are numbered *waiters*; several pauses of one player
/// (two streams of one program) wait for the same `Paused`.
///
/// Pure: time is passed in, and what to do next comes back as ``Step``s.
struct ForeignPauseLedger: Equatable {
    /// Where a pause of a player stands.
    enum Phase: Equatable {
        /// `Pause` was sent; `Paused` is awaited until `deadline`.
        case pausing(deadline: Double)
        /// The wait ran out without a `PropertiesChanged`: the status is read once more.
        case confirming
        /// The player paused, and nothing has changed its status since.
        case paused
    }

    /// A player Rondo paused or is pausing.
    struct Entry: Equatable {
        /// The unique name of the player's bus connection.
        var owner: String
        var phase: Phase
        /// The callers waiting for this pause's outcome.
        var waiters: [Int]
    }

    /// What the bus thread does next.
    enum Step: Equatable {
        /// Tell these waiters the outcome.
        case report(waiters: [Int], ForeignPauseOutcome)
        /// Read the player's `PlaybackStatus`, then call ``confirmed(player:status:)``.
        case confirm(player: String)
    }

    /// The players, by bus name.
    private(set) var entries: [String: Entry] = [:]

    /// The earliest deadline of a pause still waiting, for the thread's `poll`.
    var nextDeadline: Double? {
        entries.values.compactMap { entry -> Double? in
            if case .pausing(let deadline) = entry.phase { deadline } else { nil }
        }.min()
    }

    /// A pause of `player` joins what Rondo already did to it, if anything.
    /// - Parameters:
    ///   - player: the player's bus name.
    ///   - owner: its connection's unique name now.
    ///   - status: its `PlaybackStatus` now.
    ///   - waiter: the caller.
    /// - Returns: `nil` when no pause of that connection is under way or standing (the caller
    ///   pauses it itself, if it plays); otherwise the steps, empty while the pause under way
    ///   is awaited.
    mutating func join(player: String, owner: String, status: String, waiter: Int) -> [Step]? {
        guard var entry = entries[player], entry.owner == owner else {
            entries[player] = nil
            return nil
        }
        switch entry.phase {
        case .pausing, .confirming:
            entry.waiters.append(waiter)
            entries[player] = entry
            return []
        case .paused where status == "Paused":
            return [.report(waiters: [waiter], .paused(player: player))]
        case .paused:
            // It plays again though no change was seen: the user's doing, unannounced.
            entries[player] = nil
            return nil
        }
    }

    /// Rondo sends `Pause` to `player` (connection `owner`) and awaits `Paused` until `deadline`.
    mutating func pauseSent(player: String, owner: String, deadline: Double, waiter: Int) {
        entries[player] = Entry(owner: owner, phase: .pausing(deadline: deadline), waiters: [waiter])
    }

    /// The connection `owner` announced its `PlaybackStatus`: `status`, or `nil` when it
    /// invalidated the property without giving its value.
    ///
    /// `Paused` ends a pause under way. Once paused, any announcement of the status means
    /// the player was touched since, and Rondo no longer plays it: `Paused` again too, since
    /// a player may fold a quick play and pause into one announcement of the status it ends
    /// with (mpv does). A player that repeats its status unasked is thus left paused, the
    /// safe side.
    mutating func statusChanged(owner: String, to status: String?) -> [Step] {
        var steps: [Step] = []
        for (player, entry) in entries where entry.owner == owner {
            switch entry.phase {
            case .pausing, .confirming:
                guard status == "Paused" else { continue }
                entries[player] = Entry(owner: owner, phase: .paused, waiters: [])
                steps.append(.report(waiters: entry.waiters, .paused(player: player)))
            case .paused:
                entries[player] = nil
            }
        }
        return steps
    }

    /// The pauses whose wait ran out by `now` are confirmed by reading their status.
    mutating func due(at now: Double) -> [Step] {
        var steps: [Step] = []
        for (player, entry) in entries {
            guard case .pausing(let deadline) = entry.phase, deadline <= now else { continue }
            entries[player]?.phase = .confirming
            steps.append(.confirm(player: player))
        }
        return steps
    }

    /// The status read to confirm `player`'s pause: `Paused` is a pause; anything else (or
    /// `nil`, no answer) is a player that kept playing, which Rondo will not play again.
    mutating func confirmed(player: String, status: String?) -> [Step] {
        guard let entry = entries[player], entry.phase == .confirming else { return [] }
        if status == "Paused" {
            entries[player] = Entry(owner: entry.owner, phase: .paused, waiters: [])
            return [.report(waiters: entry.waiters, .paused(player: player))]
        }
        entries[player] = nil
        return [.report(waiters: entry.waiters, .keptPlaying(player: player))]
    }

    /// Whether Rondo may play `player` (connection `owner`) again: its pause is the last
    /// change of the player's status.
    func mayResume(player: String, owner: String) -> Bool {
        entries[player].map { $0.owner == owner && $0.phase == .paused } ?? false
    }

    /// Whether Rondo's pause of `player` stands, whoever owns the name now.
    func isPaused(player: String) -> Bool {
        entries[player]?.phase == .paused
    }

    /// Forgets `player` (resumed, or its session closed); its waiters, if any, are told there
    /// is no player.
    mutating func forget(player: String) -> [Step] {
        guard let entry = entries.removeValue(forKey: player), !entry.waiters.isEmpty else { return [] }
        return [.report(waiters: entry.waiters, .noPlayer)]
    }

    /// Forgets every player (the bus is gone, and with it every connection): the waiters are
    /// told there is no player.
    mutating func forgetAll() -> [Step] {
        let waiters = entries.values.flatMap(\.waiters).sorted()
        entries = [:]
        return waiters.isEmpty ? [] : [.report(waiters: waiters, .noPlayer)]
    }
}
