import Focus
import RondoProtocol

/// The `session.*` methods: clients' sessions, owned by their connections.
extension SessionService {
    /// Opens a session for the connection `owner`.
    /// - Throws: `badParam` for an unknown name or an impossible combination.
    func open(_ params: SessionOpenParams, owner: Int) throws(RPCError) -> SessionRef {
        if let sandbox = params.sandbox {
            throw RPCError(.notFound, "no sandbox '\(sandbox)' is open; open one with sandbox.open first")
        }
        let configuration = try SessionMapping.configuration(
            category: params.category, mode: params.mode, options: params.options, role: params.role)
        let id = makeSessionID()
        try check(decide(.open(id, name: params.name, owner: OwnerID(owner), configuration: configuration)))
        return SessionRef(session: id.rawValue)
    }

    /// Changes a session's configuration; absent parts stay as they are.
    func configure(_ params: SessionConfigureParams, owner: Int) throws(RPCError) {
        let session = try session(params.session, for: owner)
        let current = session.configuration
        let configuration = try SessionMapping.configuration(
            category: params.category ?? current.category.rawValue, mode: params.mode ?? current.mode.rawValue,
            options: params.options ?? current.options.map(\.rawValue), role: current.role?.rawValue)
        try check(decide(.configure(session.id, configuration)))
    }

    /// Activates a session.
    /// - Throws: `insufficientPriority` when the policy refuses it.
    func activate(_ ref: SessionRef, owner: Int) throws(RPCError) {
        let session = try session(ref.session, for: owner)
        try check(decide(.activate(session.id)))
    }

    /// Deactivates a session, ending the interruptions it caused with `notifyOthers`.
    /// - Throws: `isBusy` (after deactivating it) when its streams still sound.
    func deactivate(_ params: SessionDeactivateParams, owner: Int) throws(RPCError) {
        let session = try session(params.session, for: owner)
        try check(decide(.deactivate(session.id, notifyOthers: params.notifyOthers ?? false)))
    }

    /// Closes a session: deactivated with notify-others, then forgotten.
    func close(_ ref: SessionRef, owner: Int) throws(RPCError) {
        let session = try session(ref.session, for: owner)
        try check(decide(.close(session.id)))
    }

    /// Closes every session of a connection that went away.
    func connectionClosed(_ connection: Int) {
        let owner = OwnerID(connection)
        guard state.sessions.contains(where: { $0.owner == owner }) else { return }
        decide(.ownerGone(owner))
    }

    /// Every session, in the order they were opened.
    func list() -> [SessionInfo] {
        state.sessions.map(SessionMapping.info)
    }

    /// How voice prompts should sound now.
    func promptStyle() -> PromptStyleResult {
        PromptStyleResult(promptStyle: state.promptStyle.rawValue)
    }

    /// The session `id`, which a client may act on only if its connection opened it.
    private func session(_ id: String, for owner: Int) throws(RPCError) -> FocusSession {
        guard let session = state.session(SessionID(rawValue: id)) else {
            throw SessionMapping.rpcError(.noSuchSession(SessionID(rawValue: id)))
        }
        guard session.owner == OwnerID(owner) else {
            throw RPCError(
                .permissionDenied,
                "session \(id) belongs to \(session.owner); only the connection that opened a session may change it")
        }
        return session
    }

    private func check(_ error: FocusError?) throws(RPCError) {
        if let error { throw SessionMapping.rpcError(error) }
    }
}
