extension Decision {
    /// Settles ducking, the prompt style and the advisories, and lists the effects in the
    /// order ``FocusEffect`` describes.
    /// - Returns: the new state and its effects.
    mutating func finish() -> (FocusState, [FocusEffect]) {
        settleDucking()
        state.promptStyle = policy.promptStyle(for: state.activeSessions.map(\.configuration))
        let advisories = advise()
        var effects: [FocusEffect] = []
        if let failure { effects.append(.reject(failure)) }
        for session in state.sessions {
            effects += changes(of: session)
        }
        if state.promptStyle != before.promptStyle { effects.append(.promptStyleChanged(state.promptStyle)) }
        if let routeChange { effects.append(routeChange) }
        effects += advisories
        if let busy { effects.append(.reject(.isBusy(busy))) }
        return (state, effects)
    }

    /// Ducks every active session while another active session ducks it — one with
    /// `duckOthers`, or under an interaction matrix one whose role's duck list holds its role
    /// — and gives every other session gain 1.
    private mutating func settleDucking() {
        let active = state.activeSessions
        for index in state.sessions.indices {
            let session = state.sessions[index]
            guard session.state.isActive else {
                state.sessions[index].gain = 1
                continue
            }
            let isDucked = active.contains {
                $0.id != session.id && policy.ducks($0.configuration, session.configuration)
            }
            state.sessions[index].state = isDucked ? .ducked : .active
            state.sessions[index].gain = isDucked ? policy.duckLevel : 1
        }
    }

    /// What `session`'s owner is told: its interruption beginning or ending, then its gain
    /// change when it entered or left the ducked state.
    private func changes(of session: FocusSession) -> [FocusEffect] {
        var effects: [FocusEffect] = []
        if began.contains(session.id) { effects.append(.interrupt(session.id, reason: .default)) }
        if let shouldResume = ended[session.id] {
            effects.append(.endInterruption(session.id, shouldResume: shouldResume))
        }
        let wasDucked = before.session(session.id)?.state == .ducked
        let isDucked = session.state == .ducked
        if isDucked, !wasDucked {
            effects.append(.duck(session.id, to: policy.duckLevel, rampMilliseconds: policy.rampMilliseconds))
        } else if wasDucked, !isDucked {
            effects.append(.unduck(session.id, rampMilliseconds: policy.rampMilliseconds))
        }
        return effects
    }
}
