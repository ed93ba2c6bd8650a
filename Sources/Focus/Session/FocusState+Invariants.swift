extension FocusState {
    /// The rules the arbiter keeps after every event, each broken one described; empty when
    /// the state is sound.
    ///
    /// Identities are unique. Only interrupted sessions have causes, each an open session
    /// other than itself, and the causes form no cycle. Active sessions, and only they, have
    /// an activation time. A session is ducked exactly when it is active while another active
    /// session ducks others, and its gain is the duck level exactly then, else 1. Silence is
    /// timed exactly for active sessions producing no sound. No two active sessions are both
    /// non-mixable, and no active `spokenAudio` session plays while another active session
    /// interrupts spoken audio. The prompt style is what the policy's rules make of the
    /// active sessions. Under an interaction matrix the matrix's own rules apply instead
    /// (``_matrixInvariantViolations(policy:matrix:)``).
    /// - Parameter policy: the policy the state was decided under.
    /// - Returns: a description of each broken rule.
    public func _invariantViolations(policy: FocusPolicy) -> [String] {
        if let matrix = policy.interactionMatrix { return _matrixInvariantViolations(policy: policy, matrix: matrix) }
        var problems: [String] = []
        let ids = sessions.map(\.id)
        if Set(ids).count != ids.count { problems.append("duplicate session identities") }
        let active = activeSessions
        for session in sessions {
            problems += violations(of: session, among: active, policy: policy)
        }
        if active.filter({ !$0.configuration.isMixable }).count > 1 {
            problems.append("more than one active non-mixable session")
        }
        if let interrupter = active.first(where: \.configuration.interruptsSpokenAudio),
            let spoken = active.first(where: { $0.configuration.mode == .spokenAudio && $0.id != interrupter.id })
        {
            problems.append("\(spoken.id) plays spoken audio while \(interrupter.id) interrupts it")
        }
        if promptStyle != policy.promptStyle(for: active.map(\.configuration)) {
            problems.append("prompt style \(promptStyle) does not follow the rules")
        }
        if hasCauseCycle { problems.append("interruption causes form a cycle") }
        return problems
    }

    /// Traps with the broken rules when ``_invariantViolations(policy:)`` finds any.
    /// - Parameter policy: the policy the state was decided under.
    public func _checkInvariants(policy: FocusPolicy) {
        let problems = _invariantViolations(policy: policy)
        precondition(problems.isEmpty, problems.joined(separator: "; "))
    }

    private func violations(of session: FocusSession, among active: [FocusSession], policy: FocusPolicy) -> [String] {
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

    /// Whether following causes from some session leads back to it.
    var hasCauseCycle: Bool {
        var finished: Set<SessionID> = []
        var onPath: Set<SessionID> = []
        func visit(_ id: SessionID) -> Bool {
            if onPath.contains(id) { return true }
            if finished.contains(id) { return false }
            onPath.insert(id)
            let cyclic = session(id)?.interruptedBy.contains(where: visit) ?? false
            onPath.remove(id)
            finished.insert(id)
            return cyclic
        }
        return sessions.contains { visit($0.id) }
    }
}
