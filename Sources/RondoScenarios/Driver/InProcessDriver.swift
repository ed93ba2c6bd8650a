public import Focus

/// A ``ScenarioDriver`` over an ``Arbiter`` in this process, on a manual clock: scenarios
/// run in microseconds, and `wait` advances the clock instead of sleeping.
///
/// Session names are the arbiter's session identities; every session has one owner. The
/// daemon is taken to have started long before the scenario, so the launch advisory never
/// comes; sessions never produce sound, so a `voicePrompt` session held active is advised
/// after the policy's prompt hold.
public struct InProcessDriver: ScenarioDriver, Sendable {
    /// How long before the scenario's first instant the daemon started.
    private static let uptime = 3600.0

    /// The arbiter the scenario drives.
    public private(set) var arbiter: Arbiter
    /// The manual clock, in seconds; only ``wait(_:)`` moves it.
    public private(set) var now: Double
    private var pending: [ScenarioEvent] = []

    /// A driver with no sessions, under `policy`.
    /// - Parameter policy: the policy in force.
    public init(policy: FocusPolicy) {
        arbiter = Arbiter(policy: policy, startedAt: 0)
        now = Self.uptime
    }

    /// Opens `name` as the arbiter validates `request`.
    public mutating func open(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        let configuration = try Self.configuration(request)
        try send(.open(SessionID(rawValue: name), name: name, owner: OwnerID(1), configuration: configuration))
    }

    /// Reconfigures `name`, keeping its role.
    public mutating func configure(_ name: String, _ request: SessionRequest) throws(ScenarioDriverError) {
        let id = SessionID(rawValue: name)
        guard let current = arbiter.state.session(id) else { throw ScenarioDriverError(.noSuchSession(id)) }
        var request = request
        request.role = request.role ?? current.configuration.role
        try send(.configure(id, try Self.configuration(request)))
    }

    /// Activates `name`.
    public mutating func activate(_ name: String) throws(ScenarioDriverError) {
        try send(.activate(SessionID(rawValue: name)))
    }

    /// Deactivates `name`.
    public mutating func deactivate(_ name: String, notifyOthers: Bool) throws(ScenarioDriverError) {
        try send(.deactivate(SessionID(rawValue: name), notifyOthers: notifyOthers))
    }

    /// Closes `name`.
    public mutating func close(_ name: String) throws(ScenarioDriverError) {
        try send(.close(SessionID(rawValue: name)))
    }

    /// Loses the route.
    public mutating func loseRoute() throws(ScenarioDriverError) {
        try send(.routeLost(sink: nil))
    }

    /// Restores the route.
    public mutating func restoreRoute() throws(ScenarioDriverError) {
        try send(.routeRestored(sink: nil))
    }

    /// Advances the clock by `seconds` and lets the arbiter see the time pass.
    public mutating func wait(_ seconds: Double) throws(ScenarioDriverError) {
        now += seconds
        try send(.tick)
    }

    /// The arbiter's sessions and prompt style.
    public func snapshot() -> ScenarioSnapshot {
        let sessions = arbiter.state.sessions
        return ScenarioSnapshot(
            states: Dictionary(uniqueKeysWithValues: sessions.map { ($0.id.rawValue, $0.state) }),
            gains: Dictionary(uniqueKeysWithValues: sessions.map { ($0.id.rawValue, $0.gain) }),
            promptStyle: arbiter.state.promptStyle
        )
    }

    /// The events since the last call.
    public mutating func takeEvents() -> [ScenarioEvent] {
        defer { pending = [] }
        return pending
    }

    /// `request` validated as the arbiter would on a session request.
    private static func configuration(_ request: SessionRequest) throws(ScenarioDriverError) -> SessionConfiguration {
        do {
            return try request.validated()
        } catch {
            throw ScenarioDriverError(error)
        }
    }

    /// Hands `event` to the arbiter and keeps what its effects tell sessions.
    /// - Throws: the refusal among the effects, after keeping the rest.
    private mutating func send(_ event: FocusEvent) throws(ScenarioDriverError) {
        var refusal: FocusError?
        for effect in arbiter.handle(event, at: now) {
            if case .reject(let error) = effect {
                refusal = error
            } else if let event = ScenarioEvent(effect) {
                pending.append(event)
            }
        }
        if let refusal { throw ScenarioDriverError(refusal) }
    }
}
