/// One event's worth of deciding: a working copy of the state, and what happened to whom,
/// from which ``finish()`` lists the effects.
struct Decision {
    /// The state before the event, to tell gain and prompt-style changes.
    let before: FocusState
    /// The state being decided.
    var state: FocusState
    let policy: FocusPolicy
    let now: Double
    /// Sessions whose interruption began during the event.
    var began: Set<SessionID> = []
    /// Sessions whose interruption ended during the event, with their `shouldResume`.
    var ended: [SessionID: Bool] = [:]
    /// Why the request failed, if it did.
    var failure: FocusError?
    /// The session deactivated while producing sound, if any.
    var busy: SessionID?
    /// The route change to announce, if any.
    var routeChange: FocusEffect?

    init(state: FocusState, policy: FocusPolicy, now: Double) {
        before = state
        self.state = state
        self.policy = policy
        self.now = now
    }

    /// Carries out `event` on the working state.
    mutating func apply(_ event: FocusEvent) {
        switch event {
        case .open(let id, let name, let owner, let configuration):
            open(id, name: name, owner: owner, configuration: configuration)
        case .configure(let id, let configuration):
            configure(id, configuration)
        case .activate(let id):
            activate(id)
        case .deactivate(let id, let notifyOthers):
            deactivate(id, notifyOthers: notifyOthers)
        case .close(let id):
            if existing(id) != nil { close([id]) }
        case .ownerGone(let owner):
            close(state.sessions.filter { $0.owner == owner }.map(\.id))
        case .soundStarted(let id):
            setSound(id, producing: true)
        case .soundStopped(let id):
            setSound(id, producing: false)
        case .routeLost:
            announceRoute(.oldDeviceUnavailable)
        case .routeRestored:
            announceRoute(.newDeviceAvailable)
        case .tick:
            break
        }
    }

    /// The index of session `id`; records `noSuchSession` when none is open.
    mutating func existing(_ id: SessionID) -> Int? {
        guard let index = state.index(of: id) else {
            failure = .noSuchSession(id)
            return nil
        }
        return index
    }

    private mutating func open(_ id: SessionID, name: String, owner: OwnerID, configuration: SessionConfiguration) {
        guard state.index(of: id) == nil else {
            failure = .badParam(
                "a session \"\(id)\" is already open; choose another identity or close that session first")
            return
        }
        state.sessions.append(FocusSession(id: id, name: name, owner: owner, configuration: configuration))
    }

    private mutating func setSound(_ id: SessionID, producing: Bool) {
        guard let index = existing(id) else { return }
        state.sessions[index].isProducingSound = producing
        guard state.sessions[index].state.isActive else { return }
        if producing { state.sessions[index].soundedSinceActivation = true }
        state.sessions[index].silentSince = producing ? nil : now
    }

    private mutating func announceRoute(_ reason: RouteChangeReason) {
        let active = state.activeSessions.map(\.id)
        if !active.isEmpty { routeChange = .routeChanged(reason, sessions: active) }
    }
}
