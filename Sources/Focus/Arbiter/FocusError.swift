/// Why the arbiter refused or qualified a request; each case is one SPEC §9 error code.
public enum FocusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A request that cannot be carried out as given; the text says what was wrong and what to do.
    case badParam(String)
    /// No open session has this identity.
    case noSuchSession(SessionID)
    /// The session must be active for this request.
    case sessionNotActive(SessionID)
    /// A session of higher priority is active and blocks the activation; the text names it.
    case insufficientPriority(String)
    /// The activation would have to interrupt sessions the policy protects; the text names them.
    case cannotInterruptOthers(String)
    /// The session was deactivated while its streams were still producing sound.
    case isBusy(SessionID)

    /// The stable error code (`error.data.code` on the wire).
    public var code: String {
        switch self {
        case .badParam: "badParam"
        case .noSuchSession: "noSuchSession"
        case .sessionNotActive: "sessionNotActive"
        case .insufficientPriority: "insufficientPriority"
        case .cannotInterruptOthers: "cannotInterruptOthers"
        case .isBusy: "isBusy"
        }
    }

    /// What was wrong and what to do about it, for people.
    public var message: String {
        switch self {
        case .badParam(let text), .insufficientPriority(let text), .cannotInterruptOthers(let text):
            text
        case .noSuchSession(let id):
            "no session \"\(id)\" is open; open it first, or use an identity that session.list shows"
        case .sessionNotActive(let id):
            "session \"\(id)\" is not active; activate it first"
        case .isBusy(let id):
            "session \"\(id)\" was deactivated while its streams were still playing; "
                + "pause or stop them before deactivating"
        }
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
