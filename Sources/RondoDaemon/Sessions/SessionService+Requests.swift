import Focus
import FocusWire
import RondoProtocol
import Synchronization

/// The `session.*` methods: clients' sessions, owned by their connections.
extension SessionService {
    /// How many sessions one connection may hold open at once, sandboxes included: far more
    /// than any program needs (one per sound it makes), few enough that a client opening
    /// sessions in a loop cannot slow every decision down for everyone.
    static let sessionsPerConnection = 256

    /// Opens a session for the connection `owner`.
    /// - Throws: `badParam` for an impossible combination, or when the connection already
    ///   holds ``sessionsPerConnection`` sessions (an unknown name is refused as the params
    ///   are decoded).
    /// - Throws: `notFound` for a sandbox that is not open, `permissionDenied` for another
    ///   connection's sandbox.
    func open(_ params: SessionOpenParams, owner: Int) throws(RPCError) -> SessionRef {
        let held = allSessions.count { $0.session.owner == OwnerID(owner) }
        guard held < Self.sessionsPerConnection else {
            throw RPCError(
                .badParam,
                "this connection already holds \(held) sessions, the most one connection may; close some first")
        }
        var arena = SessionArena.live
        if let sandbox = params.sandbox {
            try checkSandbox(sandbox, owner: owner)
            arena = .sandbox(sandbox)
        }
        let configuration = try SessionMapping.configuration(
            category: params.category, mode: params.mode, options: params.options, role: params.role)
        let id = makeSessionID()
        place(id, in: arena)
        try check(decide(.open(id, name: params.name, owner: OwnerID(owner), configuration: configuration), in: arena))
        return SessionRef(session: id.rawValue)
    }

    /// How many sandboxes one connection may hold open at once: a scenario runner needs one
    /// per scenario it runs at the same time, and each holds an arbiter and a policy.
    static let sandboxesPerConnection = 32

    /// Opens a sandbox under the policy named `policy` for the connection `owner`.
    /// - Throws: `notFound` for a policy that does not exist, `badParam` for one that does
    ///   not load (the message names its file and line), or when the connection already
    ///   holds ``sandboxesPerConnection`` sandboxes.
    func openSandbox(_ params: SandboxOpenParams, owner: Int) throws(RPCError) -> SandboxRef {
        let held = sandboxes(of: owner).count
        guard held < Self.sandboxesPerConnection else {
            throw RPCError(
                .badParam,
                "this connection already holds \(held) sandboxes, the most one connection may; close one with sandbox.close first")
        }
        let policy: FocusPolicy
        do {
            policy = try loadPolicy(params.policy)
        } catch {
            throw RPCError(error.line == nil ? .notFound : .badParam, error.description)
        }
        return SandboxRef(sandbox: openSandbox(policy: policy, owner: owner))
    }

    /// Closes a sandbox of the connection `owner` with all its sessions.
    func closeSandbox(_ ref: SandboxRef, owner: Int) throws(RPCError) {
        try checkSandbox(ref.sandbox, owner: owner)
        closeSandbox(ref.sandbox)
    }

    /// Simulates a route change in a sandbox of the connection `owner`.
    /// - Throws: `notFound`/`permissionDenied` as for sessions (an unknown reason is refused
    ///   as the params are decoded).
    func simulateRoute(_ params: SandboxRouteParams, owner: Int) throws(RPCError) {
        try checkSandbox(params.sandbox, owner: owner)
        // A sandbox simulates devices coming and going; the audio server is the real one's.
        let event: FocusEvent =
            switch params.reason {
            case .oldDeviceUnavailable: .routeLost(sink: nil)
            case .newDeviceAvailable: .routeRestored(sink: nil)
            }
        decide(event, in: .sandbox(params.sandbox))
    }

    /// Lets `seconds` pass on the clock of a sandbox of the connection `owner`.
    /// - Throws: `badParam` for a negative or non-finite time; `notFound`/`permissionDenied`.
    func advanceSandbox(_ params: SandboxWaitParams, owner: Int) throws(RPCError) {
        try checkSandbox(params.sandbox, owner: owner)
        guard params.seconds.isFinite, params.seconds >= 0 else {
            throw RPCError(.badParam, "seconds must be a number of seconds, 0 or more, not \(params.seconds)")
        }
        advanceSandbox(params.sandbox, by: params.seconds)
    }

    private func checkSandbox(_ name: String, owner: Int) throws(RPCError) {
        guard let sandboxOwner = ownerOfSandbox(name) else {
            throw RPCError(.notFound, "no sandbox '\(name)' is open; open one with sandbox.open first")
        }
        guard sandboxOwner == owner else {
            throw RPCError(.permissionDenied, "sandbox \(name) belongs to connection \(sandboxOwner); open your own")
        }
    }

    /// Changes a session's configuration; absent parts stay as they are.
    func configure(_ params: SessionConfigureParams, owner: Int) throws(RPCError) {
        let (session, arena) = try session(params.session, for: owner)
        let current = session.configuration
        let configuration = try SessionMapping.configuration(
            category: params.category ?? SessionCategoryName(current.category),
            mode: params.mode ?? SessionModeName(current.mode),
            options: params.options ?? current.options.map(SessionOptionName.init),
            role: current.role.map(SessionRoleName.init))
        try check(decide(.configure(session.id, configuration), in: arena))
    }

    /// Activates a session.
    /// - Throws: `insufficientPriority` when the policy refuses it.
    func activate(_ ref: SessionRef, owner: Int) throws(RPCError) {
        let (session, arena) = try session(ref.session, for: owner)
        try check(decide(.activate(session.id), in: arena))
    }

    /// Deactivates a session, ending the interruptions it caused with `notifyOthers`.
    /// - Throws: `isBusy` (after deactivating it) when its streams still sound.
    func deactivate(_ params: SessionDeactivateParams, owner: Int) throws(RPCError) {
        let (session, arena) = try session(params.session, for: owner)
        try check(decide(.deactivate(session.id, notifyOthers: params.notifyOthers ?? false), in: arena))
    }

    /// Closes a session: deactivated with notify-others, then forgotten.
    func close(_ ref: SessionRef, owner: Int) throws(RPCError) {
        let (session, arena) = try session(ref.session, for: owner)
        try check(decide(.close(session.id), in: arena))
    }

    /// Closes every session and sandbox of a connection that went away.
    func connectionClosed(_ connection: Int) {
        let owner = OwnerID(connection)
        for (session, arena) in allSessions where session.owner == owner {
            decide(.ownerGone(owner), in: arena)
        }
        for name in sandboxes(of: connection) { closeSandbox(name) }
    }

    /// Every session, live ones first, each arena's in the order they were opened.
    func list() -> [SessionInfo] {
        let foreign = table.withLock { $0.foreign }
        return allSessions.map {
            SessionMapping.info($0.session, sandbox: $0.arena.sandbox, foreign: foreign[$0.session.id])
        }
    }

    /// How voice prompts should sound now, under the real arbiter or in a sandbox.
    /// - Throws: `notFound` for a sandbox that is not open.
    func promptStyle(_ params: PromptStyleParams) throws(RPCError) -> PromptStyleResult {
        guard let sandbox = params.sandbox else { return PromptStyleResult(promptStyle: PromptStyleName(state.promptStyle)) }
        guard let style = promptStyle(in: .sandbox(sandbox)) else {
            throw RPCError(.notFound, "no sandbox '\(sandbox)' is open; open one with sandbox.open first")
        }
        return PromptStyleResult(promptStyle: PromptStyleName(style), sandbox: sandbox)
    }

    /// The session `id` and its arena; a client may act on it only if its connection opened it.
    private func session(_ id: String, for owner: Int) throws(RPCError) -> (FocusSession, SessionArena) {
        guard let (session, arena) = find(SessionID(rawValue: id)) else {
            throw SessionMapping.rpcError(.noSuchSession(SessionID(rawValue: id)))
        }
        guard session.owner == OwnerID(owner) else {
            throw RPCError(
                .permissionDenied,
                "session \(id) belongs to \(session.owner); only the connection that opened a session may change it")
        }
        return (session, arena)
    }

    private func check(_ error: FocusError?) throws(RPCError) {
        if let error { throw SessionMapping.rpcError(error) }
    }
}
