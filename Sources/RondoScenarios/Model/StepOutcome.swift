import Focus

/// Whether a step's request succeeded, as its `error` expectation states it.
public enum StepOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The request succeeded (`error = "none"`).
    case success
    /// The request failed with this SPEC §9 code (`error = "insufficientPriority"`).
    case failure(code: String)

    /// The error codes a session request can fail with (SPEC §9).
    public static let codes = [
        "badParam", "noSuchSession", "sessionNotActive", "insufficientPriority", "cannotInterruptOthers", "isBusy",
    ]

    /// `none` or the code, as the `error` key writes it.
    public var description: String {
        switch self {
        case .success: "none"
        case .failure(let code): code
        }
    }
}
