import Focus

/// Checks one event's effects against the states before and after it, without knowing
/// how the arbiter decided.
struct EffectAudit {
    let before: FocusState
    let after: FocusState
    let event: FocusEvent
    let effects: [FocusEffect]

    /// Each mismatch between the effects and the change of state.
    var problems: [String] {
        var problems: [String] = []
        let isRefusal = effects.contains { effect in
            if case .reject(let error) = effect, error.code != "isBusy" { return true }
            return false
        }
        if isRefusal, Self.visible(before) != Self.visible(after) { problems.append("a refused request changed state") }
        for session in after.sessions {
            let old = before.session(session.id)
            let mine = effects.filter { Self.subject(of: $0) == session.id }
            let interrupted = mine.contains { if case .interrupt = $0 { true } else { false } }
            let ended = mine.contains { if case .endInterruption = $0 { true } else { false } }
            let reactivated = !isRefusal && event == .activate(session.id)
            if interrupted != (session.state == .interrupted && (old?.state != .interrupted || reactivated)) {
                problems.append("\(session.id) interruption began mismatch")
            }
            if ended != (old?.state == .interrupted && session.state == .inactive && !isSubject(session.id)) {
                problems.append("\(session.id) interruption ended mismatch")
            }
            if ended, let old, !old.interruptedBy.isSubset(of: released) {
                problems.append("\(session.id) interruption ended while a cause remained")
            }
            let wasDucked = old?.state == .ducked
            let isDucked = session.state == .ducked
            let ducked = mine.contains { if case .duck = $0 { true } else { false } }
            let unducked = mine.contains { if case .unduck = $0 { true } else { false } }
            if ducked != (isDucked && !wasDucked) || unducked != (wasDucked && !isDucked) {
                problems.append("\(session.id) gain change mismatch")
            }
        }
        let styles = effects.compactMap { if case .promptStyleChanged(let style) = $0 { style } else { nil } }
        if styles != (before.promptStyle == after.promptStyle ? [] : [after.promptStyle]) {
            problems.append("prompt style change mismatch")
        }
        return problems
    }

    /// The sessions the event deactivates with notify-others, or closes.
    private var released: Set<SessionID> {
        switch event {
        case .deactivate(let id, notifyOthers: true), .close(let id): [id]
        case .ownerGone(let owner): Set(before.sessions.filter { $0.owner == owner }.map(\.id))
        default: []
        }
    }

    /// Whether `id` is the session the event acts on.
    private func isSubject(_ id: SessionID) -> Bool {
        switch event {
        case .activate(let subject), .configure(let subject, _), .deactivate(let subject, _): subject == id
        default: false
        }
    }

    /// What a client could observe of a state, leaving out advisory bookkeeping.
    private static func visible(_ state: FocusState) -> [String] {
        ["\(state.promptStyle)"]
            + state.sessions.map { session in
                let causes = session.interruptedBy.map(\.rawValue).sorted()
                return "\(session.id) \(session.state) \(session.gain) \(session.configuration) \(causes) "
                    + "\(session.activatedAt ?? -1) \(session.isProducingSound)"
            }
    }

    private static func subject(of effect: FocusEffect) -> SessionID? {
        switch effect {
        case .duck(let id, _, _), .unduck(let id, _), .interrupt(let id, _), .endInterruption(let id, _): id
        case .advisory(let id, _): id
        case .reject, .promptStyleChanged, .routeChanged: nil
        }
    }
}
