public import Focus

/// A request a ``ScenarioDriver`` passed on failed, or the driver itself could not go on.
public struct ScenarioDriverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A SPEC §9 error code (`badParam`, `insufficientPriority`, …); a driver that cannot
    /// reach its arbiter at all uses the code its transport reports, such as `unavailable`.
    public let code: String
    /// What was wrong and what to do about it.
    public let message: String
    /// The code of a driver that cannot reach the daemon at all (its socket does not answer).
    public static let daemonUnreachable = "daemonUnreachable"
    /// The code of a spawned program that could not be started, ended or reached, or whose
    /// stream no session was made of: the run cannot go on without it, so it stops there.
    public static let programFailed = "programFailed"

    /// An error from its parts.
    /// - Parameters:
    ///   - code: the error code.
    ///   - message: what was wrong and what to do.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The arbiter's refusal as a driver error.
    /// - Parameter error: the arbiter's error.
    public init(_ error: FocusError) {
        self.init(code: error.code, message: error.message)
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
