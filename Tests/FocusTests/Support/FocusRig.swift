import Focus
import Testing

/// An arbiter driven by a manual clock, checking the invariants after every event.
struct FocusRig {
    var arbiter: Arbiter
    /// The instant the next event happens at; starts well after the launch window.
    var now: Double

    init(policy: FocusPolicy = .default, startedAt: Double = 0, now: Double = 100) {
        arbiter = Arbiter(policy: policy, startedAt: startedAt)
        self.now = now
    }

    var state: FocusState { arbiter.state }

    /// Hands `event` to the arbiter at ``now`` and checks the invariants.
    @discardableResult
    mutating func send(_ event: FocusEvent) -> [FocusEffect] {
        let effects = arbiter.handle(event, at: now)
        arbiter._checkInvariants()
        return effects
    }

    /// Opens sessions named after their identities, expecting no effects.
    mutating func open(_ sessions: [(SessionID, SessionConfiguration)], owner: OwnerID = OwnerID(1)) {
        for (id, configuration) in sessions {
            let effects = send(.open(id, name: id.rawValue, owner: owner, configuration: configuration))
            #expect(effects == [], "opening \(id)")
        }
    }

    /// Activates each of `ids` in turn and returns the effects of the last.
    @discardableResult
    mutating func activate(_ ids: SessionID...) -> [FocusEffect] {
        ids.map { send(.activate($0)) }.last ?? []
    }

    @discardableResult
    mutating func deactivate(_ id: SessionID, notifyOthers: Bool = true) -> [FocusEffect] {
        send(.deactivate(id, notifyOthers: notifyOthers))
    }

    /// Moves the clock on by `seconds` and sends a tick.
    @discardableResult
    mutating func wait(_ seconds: Double) -> [FocusEffect] {
        now += seconds
        return send(.tick)
    }

    /// The state of session `id`, `nil` when it is not open.
    func state(of id: SessionID) -> SessionState? { arbiter.state.session(id)?.state }

    /// The states of `ids`, in order.
    func states(_ ids: SessionID...) -> [SessionState?] { ids.map(state(of:)) }

    /// The causes of session `id`'s interruption.
    func causes(of id: SessionID) -> Set<SessionID> { arbiter.state.session(id)?.interruptedBy ?? [] }
}
