extension Decision {
    /// Activates session `id`, unless it is already active or a priority rule refuses it.
    mutating func activate(_ id: SessionID) {
        guard let index = existing(id), !state.sessions[index].state.isActive else { return }
        let session = state.sessions[index]
        if let refusal = refusal(of: session, as: session.configuration) {
            failure = refusal
            return
        }
        state.sessions[index].state = .active
        state.sessions[index].activatedAt = now
        state.sessions[index].interruptedBy = []
        state.sessions[index].resumesWhenEnded = true
        state.sessions[index].silentSince = session.isProducingSound ? nil : now
        state.sessions[index].soundedSinceActivation = session.isProducingSound
        state.sessions[index].advised = []
        engage(index)
    }

    /// Gives session `id` a new configuration; an active session is engaged again under it.
    mutating func configure(_ id: SessionID, _ configuration: SessionConfiguration) {
        guard let index = existing(id) else { return }
        let session = state.sessions[index]
        guard session.state.isActive else {
            state.sessions[index].configuration = configuration
            return
        }
        if let refusal = refusal(of: session, as: configuration) {
            failure = refusal
            return
        }
        state.sessions[index].configuration = configuration
        engage(index)
    }

    /// Applies the interruptions that the just-activated session at `index` causes or
    /// suffers. It becomes a cause of every other session it interrupts — interrupting the
    /// active ones, and counting once more for those already interrupted. When it is
    /// `spokenAudio`, the active sessions that interrupt spoken audio interrupt it at once
    /// (not under an interaction matrix, where the holders' cells have already let it in).
    private mutating func engage(_ index: Int) {
        let cause = state.sessions[index]
        for other in state.sessions.indices where other != index {
            let victim = state.sessions[other]
            guard victim.state != .inactive, interrupts(cause.configuration, victim.configuration) else { continue }
            if victim.state.isActive {
                state.sessions[other].state = .interrupted
                state.sessions[other].activatedAt = nil
                state.sessions[other].silentSince = nil
                began.insert(victim.id)
            }
            state.sessions[other].interruptedBy.insert(cause.id)
            if musicOverMusic(cause.configuration, victim.configuration) {
                state.sessions[other].resumesWhenEnded = false
            }
        }
        guard policy.interactionMatrix == nil, cause.configuration.mode == .spokenAudio else { return }
        let interrupters = state.sessions.filter {
            $0.id != cause.id && $0.state.isActive && $0.configuration.interruptsSpokenAudio
        }
        guard !interrupters.isEmpty else { return }
        state.sessions[index].state = .interrupted
        state.sessions[index].interruptedBy = Set(interrupters.map(\.id))
        state.sessions[index].activatedAt = nil
        state.sessions[index].silentSince = nil
        began.insert(cause.id)
    }

    /// Whether a session configured as `cause` interrupts one configured as `victim`: under
    /// an interaction matrix, when the victim's row has `exclusive` in the cause's column.
    private func interrupts(_ cause: SessionConfiguration, _ victim: SessionConfiguration) -> Bool {
        if let matrix = policy.interactionMatrix {
            return matrix.interaction(holder: matrix.role(of: victim), requester: matrix.role(of: cause)) == .exclusive
        }
        return (!cause.isMixable && !victim.isMixable) || (cause.interruptsSpokenAudio && victim.mode == .spokenAudio)
    }

    /// Whether the end of this interruption must not ask for a resume: music over music,
    /// unless the policy lets music resume after music; under an interaction matrix, any
    /// interruption by a permanent interrupter.
    private func musicOverMusic(_ cause: SessionConfiguration, _ victim: SessionConfiguration) -> Bool {
        if let matrix = policy.interactionMatrix {
            return matrix.permanentInterrupters.contains(matrix.role(of: cause))
        }
        return cause.isMusic && victim.isMusic && !policy.musicResumesAfterMusic
    }

    /// The error that stops `session` from being active as `configuration`: the first
    /// priority rule that blocks `configuration` while another active session holds it, or
    /// under an interaction matrix the first active session whose cell rejects it.
    private func refusal(of session: FocusSession, as configuration: SessionConfiguration) -> FocusError? {
        if let matrix = policy.interactionMatrix {
            return matrixRefusal(of: session, as: configuration, by: matrix)
        }
        for rule in policy.priorityRules where rule.blocked.matches(configuration) {
            let holder = state.sessions.first {
                $0.id != session.id && $0.state.isActive && rule.holder.matches($0.configuration)
            }
            guard let holder else { continue }
            return .insufficientPriority(
                "session \"\(session.id)\" cannot be active while the \(rule.name) \"\(holder.id)\" is active "
                    + "(the \(rule.name) blocks \(rule.blocked.summary)); try again when it has ended, "
                    + "or use a configuration it does not block"
            )
        }
        return nil
    }
}
