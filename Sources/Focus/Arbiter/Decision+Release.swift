extension Decision {
    /// Deactivates session `id` and releases the interruptions it holds.
    mutating func deactivate(_ id: SessionID, notifyOthers: Bool) {
        guard let index = existing(id) else { return }
        let wasProducingSound = state.sessions[index].isProducingSound
        makeInactive(index)
        release(id, notifyOthers: notifyOthers)
        if wasProducingSound { busy = id }
    }

    /// Deactivates the sessions `ids` with notify-others and forgets them; interruptions
    /// ending among `ids` themselves are not announced, since those sessions are gone.
    mutating func close(_ ids: [SessionID]) {
        for id in ids {
            if let index = state.index(of: id) { makeInactive(index) }
        }
        for id in ids { release(id, notifyOthers: true) }
        state.sessions.removeAll { ids.contains($0.id) }
    }

    /// Makes the session at `index` inactive, forgetting its own causes.
    private mutating func makeInactive(_ index: Int) {
        state.sessions[index].state = .inactive
        state.sessions[index].interruptedBy = []
        state.sessions[index].resumesWhenEnded = true
        state.sessions[index].activatedAt = nil
        state.sessions[index].silentSince = nil
    }

    /// Removes `id` from the causes of every session it interrupted. With `notifyOthers`,
    /// those left with no cause have their interruption ended and become inactive; without,
    /// they stay interrupted (with no cause) until they activate again.
    ///
    /// Under an interaction matrix, deactivating with notify-others is Android's abandoning
    /// of focus: a transient loser whose last blocker abandons regains focus, here told
    /// `shouldResume: true` (`false` after a permanent interrupter). Deactivating without
    /// notify-others abandons silently, as under the default policy: losers are told
    /// nothing and stay interrupted until they ask again.
    ///
    /// A session whose interruption ends keeps the causes it holds over others: it is
    /// expected to activate again and later deactivate with notify-others itself.
    private mutating func release(_ id: SessionID, notifyOthers: Bool) {
        for index in state.sessions.indices where state.sessions[index].interruptedBy.contains(id) {
            state.sessions[index].interruptedBy.remove(id)
            guard notifyOthers, state.sessions[index].interruptedBy.isEmpty else { continue }
            ended[state.sessions[index].id] = state.sessions[index].resumesWhenEnded
            makeInactive(index)
        }
    }
}
