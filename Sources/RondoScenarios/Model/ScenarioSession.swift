import Focus

/// A session a scenario declares under `[sessions]`; the run opens it, inactive, before the
/// first step.
public struct ScenarioSession: Equatable, Sendable {
    /// The name steps and expectations refer to it by.
    public var name: String
    /// Its category, mode, options and role; a declared combination is known to be valid.
    public var request: SessionRequest
    /// Whether it activates again by itself when its interruption ends with
    /// `shouldResume: true`, as the daemon's player does.
    public var autoResume: Bool
    /// The line it is declared on.
    public var line: Int

    /// A declared session from its parts.
    /// - Parameters:
    ///   - name: the name steps refer to it by.
    ///   - request: its configuration.
    ///   - autoResume: whether it activates again by itself on `shouldResume: true`.
    ///   - line: the line it is declared on.
    public init(name: String, request: SessionRequest, autoResume: Bool = false, line: Int) {
        self.name = name
        self.request = request
        self.autoResume = autoResume
        self.line = line
    }
}
