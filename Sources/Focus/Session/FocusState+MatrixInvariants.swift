extension FocusState {
    /// The rules the arbiter keeps after every event under an interaction-matrix policy,
    /// each broken one described; empty when the state is sound.
    ///
    /// The rules that do not depend on the kind of policy hold as in
    /// ``_invariantViolations(policy:)``: identities are unique, only interrupted sessions
    /// have causes, each an open session other than itself, with no cycle; active sessions,
    /// and only they, have an activation time; the gain is the duck level exactly while
    /// ducked; silence is timed exactly for active sessions producing no sound; the prompt
    /// style is what the policy's rules make of the active sessions. In place of
    /// AVAudioSession's rules: a session is ducked exactly when it is active while another
    /// active session's role ducks its role, and of any two active sessions, at least one
    /// could have joined the other (their cell one way or the other is `concurrent`).
    /// - Parameters:
    ///   - policy: the policy the state was decided under.
    ///   - matrix: its interaction matrix.
    /// - Returns: a description of each broken rule.
    public func _matrixInvariantViolations(policy: FocusPolicy, matrix: InteractionMatrix) -> [String] {
        var problems: [String] = []
        let ids = sessions.map(\.id)
        if Set(ids).count != ids.count { problems.append("duplicate session identities") }
        let active = activeSessions
        for session in sessions {
            problems += matrixViolations(of: session, among: active, policy: policy)
        }
        for (offset, first) in active.enumerated() {
            for second in active.dropFirst(offset + 1) {
                let (one, other) = (matrix.role(of: first.configuration), matrix.role(of: second.configuration))
                if matrix.interaction(holder: one, requester: other) != .concurrent,
                    matrix.interaction(holder: other, requester: one) != .concurrent
                {
                    problems.append(
                        "\(first.id) (\(one.rawValue)) and \(second.id) (\(other.rawValue)) are both active")
                }
            }
        }
        if promptStyle != policy.promptStyle(for: active.map(\.configuration)) {
            problems.append("prompt style \(promptStyle) does not follow the rules")
        }
        if hasCauseCycle { problems.append("interruption causes form a cycle") }
        return problems
    }

    private func matrixViolations(
        of session: FocusSession, among active: [FocusSession], policy: FocusPolicy
    )
        -> [String]
    {
        var problems: [String] = []
        let id = session.id
        if !session.interruptedBy.isEmpty, session.state != .interrupted {
            problems.append("\(id) has causes but is \(session.state)")
        }
        if session.interruptedBy.contains(where: { $0 == id || self.session($0) == nil }) {
            problems.append("\(id) names itself or a closed session as a cause")
        }
        if (session.activatedAt != nil) != session.state.isActive {
            problems.append("\(id) activation time does not match state \(session.state)")
        }
        let shouldDuck =
            session.state.isActive
            && active.contains { $0.id != id && policy.ducks($0.configuration, session.configuration) }
        if shouldDuck != (session.state == .ducked) { problems.append("\(id) ducked state is wrong") }
        if session.gain != (session.state == .ducked ? policy.duckLevel : 1) {
            problems.append("\(id) gain \(session.gain) does not match state \(session.state)")
        }
        if (session.silentSince != nil) != (session.state.isActive && !session.isProducingSound) {
            problems.append("\(id) silence timing does not match its state and sound")
        }
        return problems
    }
}
