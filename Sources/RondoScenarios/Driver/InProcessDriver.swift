public import Focus

/// A ``ScenarioDriver`` over an ``Arbiter`` in this process, on a manual clock: scenarios
/// run in microseconds, and `wait` advances the clock instead of sleeping.
///
/// Session names are the arbiter's session identities; every session has one owner. The
/// daemon is taken to have started long before the scenario, so the launch advisory never
/// comes; sessions never produce sound, so a `voicePrompt` session held active is advised
/// after the policy's prompt hold.
///
/// A spawned program starts no process: it is the foreign session the policy's `[[adopt]]`
/// rules (scope `roles`) make of its stream (``ScenarioProgram/stream``), owned by the
/// daemon and activated at once, as the daemon does when the stream plays. As in the
/// daemon, one the arbiter refuses stays inactive and is activated as soon as it may, one
/// whose interruption ends with `shouldResume` activates again by itself, a pause
/// deactivates it with notify-others, and stopping or killing the program closes it.
public struct InProcessDriver: ScenarioDriver, Sendable {
    /// How long before the scenario's first instant the daemon started.
    private static let uptime = 3600.0

    /// The arbiter the scenario drives.
    public private(set) var arbiter: Arbiter
    /// The manual clock, in seconds; only ``wait(_:)`` moves it.
    public private(set) var now: Double
    private let policy: FocusPolicy
    private var pending: [ScenarioEvent] = []
    /// The ids of the spawned programs whose sessions are open.
    private var programs: Set<String> = []
    /// The programs whose activation the arbiter refused, oldest first: their streams play
    /// muted until they may.
    private var refused: [String] = []

    /// A driver with no sessions, under `policy`.
    /// - Parameter policy: the policy in force.
    public init(policy: FocusPolicy) {
        arbiter = Arbiter(policy: policy, startedAt: 0)
        self.policy = policy
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

    /// Opens the session the policy's rules make of `program`'s stream and activates it.
    /// - Throws: ``ScenarioDriverError/programFailed`` when no rule takes the stream in.
    public mutating func spawn(_ program: ScenarioProgram) throws(ScenarioDriverError) {
        guard let adoption = policy.adoption(of: program.stream, scope: .roles) else {
            throw ScenarioDriverError(
                code: ScenarioDriverError.programFailed,
                message: "no [[adopt]] rule of policy \(policy.name) takes the stream of \(program); "
                    + "give it a media.role a rule names, or run under a policy with a rule for it")
        }
        let id = SessionID(rawValue: program.id)
        try send(.open(id, name: program.id, owner: .daemon, configuration: adoption.configuration))
        programs.insert(program.id)
        soundStarted(program.id)
    }

    /// Closes program `id`'s session, as its stream goes.
    public mutating func end(_ id: String, killing: Bool) throws(ScenarioDriverError) {
        try requireProgram(id)
        programs.remove(id)
        refused.removeAll { $0 == id }
        try send(.close(SessionID(rawValue: id)))
    }

    /// Deactivates program `id`'s session with notify-others (`paused`), or activates it.
    public mutating func setPaused(_ id: String, _ paused: Bool) throws(ScenarioDriverError) {
        try requireProgram(id)
        if paused {
            refused.removeAll { $0 == id }
            try send(.deactivate(SessionID(rawValue: id), notifyOthers: true))
        } else {
            soundStarted(id)
        }
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

    /// Program `id`'s stream plays: its session activates, or waits muted when refused.
    private mutating func soundStarted(_ id: String) {
        do {
            try send(.activate(SessionID(rawValue: id)))
        } catch {
            if !refused.contains(id) { refused.append(id) }
        }
    }

    /// Fails unless `id` is a running program's.
    private func requireProgram(_ id: String) throws(ScenarioDriverError) {
        guard programs.contains(id) else {
            throw ScenarioDriverError(code: ScenarioDriverError.programFailed, message: "no program \(id) runs")
        }
    }

    /// Hands `event` to the arbiter and keeps what its effects tell sessions; then, as the
    /// daemon does after each decision, activates again the programs whose interruption
    /// ended with `shouldResume` (the last told first), and after a deactivation or a close
    /// the refused programs that may play now.
    /// - Throws: the refusal among the effects, after keeping the rest.
    private mutating func send(_ event: FocusEvent) throws(ScenarioDriverError) {
        var refusal: FocusError?
        var resuming: [String] = []
        for effect in arbiter.handle(event, at: now) {
            if case .reject(let error) = effect {
                refusal = error
            } else if let event = ScenarioEvent(effect) {
                pending.append(event)
            }
            if case .endInterruption(let id, shouldResume: true) = effect, programs.contains(id.rawValue) {
                resuming.append(id.rawValue)
            }
        }
        while let id = resuming.popLast() {
            try? send(.activate(SessionID(rawValue: id)))
        }
        switch event {
        case .deactivate, .close: retryRefused()
        default: break
        }
        if let refusal { throw ScenarioDriverError(refusal) }
    }

    /// Activates the refused programs that may play now, oldest first.
    private mutating func retryRefused() {
        for id in refused {
            guard (try? send(.activate(SessionID(rawValue: id)))) != nil else { continue }
            refused.removeAll { $0 == id }
        }
    }
}
