import Audio
import Focus
import FocusWire
import RondoProtocol

/// Translations between the arbiter's values and the wire's.
enum SessionMapping {
    /// A checked configuration from wire names.
    /// - Throws: `badParam` with the arbiter's reason an option does not fit the category.
    static func configuration(
        category: SessionCategoryName, mode: SessionModeName?, options: [SessionOptionName]?, role: SessionRoleName?
    ) throws(RPCError) -> SessionConfiguration {
        do {
            return try SessionConfiguration(
                category: SessionCategory(category), mode: mode.map(SessionMode.init) ?? .default,
                options: Set((options ?? []).map(SessionOption.init)), role: role.map(SessionRole.init))
        } catch {
            throw rpcError(error)
        }
    }

    /// A session as `session.list` shows it.
    static func info(_ session: FocusSession, sandbox: String?, foreign: ForeignProgram? = nil) -> SessionInfo {
        let configuration = session.configuration
        return SessionInfo(
            session: session.id.rawValue, name: session.name,
            owner: session.owner == .daemon ? "rondod" : session.owner.description,
            category: SessionCategoryName(configuration.category), mode: SessionModeName(configuration.mode),
            options: configuration.options.map(SessionOptionName.init).sorted { $0.rawValue < $1.rawValue },
            role: configuration.role.map(SessionRoleName.init),
            sandbox: sandbox, state: SessionStateName(session.state), gain: session.gain,
            foreign: foreign.map {
                ForeignProgramInfo(
                    pid: $0.stream.processID, application: $0.stream.application, binary: $0.stream.binary,
                    mediaRole: $0.stream.mediaRole, sinkInput: $0.stream.captures ? nil : $0.stream.index,
                    sourceOutput: $0.stream.captures ? $0.stream.index : nil, player: $0.pausedPlayer)
            })
    }

    /// The wire error for an arbiter's refusal.
    static func rpcError(_ error: FocusError) -> RPCError {
        RPCError(ErrorCode(error), error.message)
    }
}
