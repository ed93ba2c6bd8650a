public import Focus

/// A session configuration as a scenario asks for it: names checked, the combination not.
///
/// Whether the combination is allowed (an option the category does not accept is
/// `badParam`) is the arbiter's to say when the request is made, so a scenario can prove
/// that refusal (SPEC §5). ``validated()`` applies the same rules in process.
public struct SessionRequest: Equatable, Sendable {
    /// What the session does with audio.
    public var category: SessionCategory
    /// The mode asked for; `nil` is `default`.
    public var mode: SessionMode?
    /// The options asked for, in the order written.
    public var options: [SessionOption]
    /// What the session is for, when the scenario says.
    public var role: SessionRole?

    /// A request from its parts.
    /// - Parameters:
    ///   - category: what the session does with audio.
    ///   - mode: the mode asked for; `nil` is `default`.
    ///   - options: the options asked for, in the order written.
    ///   - role: what the session is for, if said.
    public init(
        category: SessionCategory, mode: SessionMode? = nil, options: [SessionOption] = [], role: SessionRole? = nil
    ) {
        self.category = category
        self.mode = mode
        self.options = options
        self.role = role
    }

    /// The configuration the arbiter makes of this request.
    /// - Returns: the validated and completed configuration.
    /// - Throws: ``FocusError/badParam(_:)`` for an option the category does not accept.
    public func validated() throws(FocusError) -> SessionConfiguration {
        try SessionConfiguration(category: category, mode: mode ?? .default, options: Set(options), role: role)
    }

    /// The request as an action writes it after the session name:
    /// `playback voicePrompt duckOthers role=navigation`.
    public var words: [String] {
        [category.rawValue] + (mode.map { [$0.rawValue] } ?? []) + options.map(\.rawValue)
            + (role.map { ["role=\($0.rawValue)"] } ?? [])
    }
}
