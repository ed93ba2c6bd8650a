/// The audio-session arbiter: decides, for every session, who plays at full gain, who is
/// ducked, who is interrupted and who may not start, with AVAudioSession's semantics as the
/// policy states them (SPEC §5), or by the policy's ``InteractionMatrix`` of roles.
///
/// A pure state machine. Events come in with the instant they happen at (`now`, seconds on
/// any monotonic clock, the same clock as `startedAt`); the arbiter returns the
/// ``FocusEffect``s the daemon must carry out. It reads no clock and does no I/O.
public struct Arbiter: Sendable {
    /// The policy in force.
    public private(set) var policy: FocusPolicy
    /// The sessions and prompt style after the last event.
    public private(set) var state: FocusState

    /// An arbiter with no sessions.
    /// - Parameters:
    ///   - policy: the policy in force.
    ///   - startedAt: when the daemon started, for the launch advisory.
    public init(policy: FocusPolicy, startedAt: Double) {
        self.policy = policy
        state = FocusState(policy: policy, startedAt: startedAt)
    }

    /// Puts `policy` in force for the decisions that follow. Sessions keep their state
    /// (a ducked session stays at its gain) until an event moves them.
    /// - Parameter policy: the new policy.
    public mutating func adopt(_ policy: FocusPolicy) {
        self.policy = policy
    }

    /// Decides `event` and keeps the new state.
    /// - Parameters:
    ///   - event: what happened.
    ///   - now: when it happened.
    /// - Returns: the effects, in the order ``FocusEffect`` describes.
    public mutating func handle(_ event: FocusEvent, at now: Double) -> [FocusEffect] {
        let effects: [FocusEffect]
        (state, effects) = Self.decide(state, event, policy: policy, at: now)
        return effects
    }

    /// The instant after which the next advisory comes due if nothing else happens: a
    /// `tick` at any later instant sends it. `nil` while none is pending. A caller with a
    /// clock sleeps until just after this instead of ticking on a fixed period; any other
    /// event can move it.
    public var nextAdvisoryDue: Double? {
        state.pendingAdvisories(policy: policy).map { $0.heldSince + policy.promptHoldSeconds }.min()
    }

    /// Decides `event` in `state` without keeping anything.
    /// - Parameters:
    ///   - state: the state before the event.
    ///   - event: what happened.
    ///   - policy: the policy in force.
    ///   - now: when it happened.
    /// - Returns: the state after the event and the effects, in the order ``FocusEffect``
    ///   describes. A failed request returns `state` unchanged but for advisory bookkeeping.
    public static func decide(
        _ state: FocusState, _ event: FocusEvent, policy: FocusPolicy, at now: Double
    ) -> (FocusState, [FocusEffect]) {
        var decision = Decision(state: state, policy: policy, now: now)
        decision.apply(event)
        return decision.finish()
    }

    /// The rules the state breaks, each described; empty when it is sound. The rules are
    /// ``FocusState/_invariantViolations(policy:)``'s, or under an interaction matrix
    /// ``FocusState/_matrixInvariantViolations(policy:matrix:)``'s.
    public func _invariantViolations() -> [String] {
        state._invariantViolations(policy: policy)
    }

    /// Traps when ``_invariantViolations()`` finds a broken rule.
    public func _checkInvariants() {
        let problems = _invariantViolations()
        precondition(problems.isEmpty, problems.joined(separator: "; "))
    }
}
