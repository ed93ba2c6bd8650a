import Focus
import RondoProtocol

/// Translations between the arbiter's values and the wire's.
enum SessionMapping {
    /// A checked configuration from wire names.
    /// - Throws: `badParam` naming the unknown value and the known ones, or the arbiter's
    ///   reason an option does not fit the category.
    static func configuration(
        category: String, mode: String?, options: [String]?, role: String?
    ) throws(RPCError) -> SessionConfiguration {
        let category = try parse(SessionCategory.self, category, what: "category")
        let mode = try mode.map { name throws(RPCError) in try parse(SessionMode.self, name, what: "mode") } ?? .default
        var parsedOptions: Set<SessionOption> = []
        for name in options ?? [] { parsedOptions.insert(try parse(SessionOption.self, name, what: "option")) }
        let role = try role.map { name throws(RPCError) in try parse(SessionRole.self, name, what: "role") }
        do {
            return try SessionConfiguration(category: category, mode: mode, options: parsedOptions, role: role)
        } catch {
            throw rpcError(error)
        }
    }

    private static func parse<Value: RawRepresentable & CaseIterable>(
        _: Value.Type, _ name: String, what: String
    ) throws(RPCError) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: name) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw RPCError(.badParam, "unknown \(what) '\(name)'; use one of \(known)")
        }
        return value
    }

    /// A session as `session.list` shows it.
    static func info(_ session: FocusSession, sandbox: String?) -> SessionInfo {
        let configuration = session.configuration
        return SessionInfo(
            session: session.id.rawValue, name: session.name,
            owner: session.owner == .daemon ? "rondod" : session.owner.description,
            category: configuration.category.rawValue, mode: configuration.mode.rawValue,
            options: configuration.options.map(\.rawValue).sorted(), role: configuration.role?.rawValue,
            sandbox: sandbox, state: session.state.rawValue, gain: session.gain)
    }

    /// The wire error for an arbiter's refusal.
    static func rpcError(_ error: FocusError) -> RPCError {
        RPCError(ErrorCode(rawValue: error.code) ?? .badParam, error.message)
    }
}
