import TOMLReading

/// A session's category, mode, options and role, validated and completed.
///
/// Making one applies SPEC §5: an option the category does not accept is an error, a mode
/// it does not support becomes `default` silently, and implied options are added —
/// `ambient` implies `mixWithOthers`, and so do `duckOthers` and
/// `interruptSpokenAudioAndMixWithOthers`. `mixWithOthers` asked for on `ambient` is
/// accepted and changes nothing; `duckOthers` or `interruptSpokenAudioAndMixWithOthers` on
/// `ambient` is `badParam` like on any category other than `playback` and `playAndRecord`.
public struct SessionConfiguration: Hashable, Sendable {
    /// What the session does with audio.
    public let category: SessionCategory
    /// The mode in force: the one asked for, or `default` when the category does not support it.
    public let mode: SessionMode
    /// The options asked for plus the ones they imply.
    public let options: Set<SessionOption>
    /// What the session is for, when the caller said.
    public let role: SessionRole?

    /// Validates and completes a configuration.
    /// - Parameters:
    ///   - category: what the session does with audio.
    ///   - mode: the refinement asked for; replaced by `default` when `category` does not support it.
    ///   - options: the options asked for.
    ///   - role: what the session is for, if known.
    /// - Throws: ``FocusError/badParam(_:)`` naming the first option (in declaration order)
    ///   that `category` does not accept.
    public init(
        category: SessionCategory, mode: SessionMode = .default, options: Set<SessionOption> = [],
        role: SessionRole? = nil
    ) throws(FocusError) {
        if let refused = SessionOption.allCases.first(where: {
            options.contains($0) && !category.settableOptions.contains($0)
        }) {
            let accepted = SessionCategory.allCases.filter { $0.settableOptions.contains(refused) }.map(\.rawValue)
            throw .badParam(
                "option \(refused.rawValue) cannot be set for category \(category.rawValue); "
                    + "drop it or use category \(accepted.listed(joinedBy: "or"))"
            )
        }
        var completed = options
        if category == .ambient || !options.isDisjoint(with: [.duckOthers, .interruptSpokenAudioAndMixWithOthers]) {
            completed.insert(.mixWithOthers)
        }
        self.category = category
        self.mode = category.supportedModes.contains(mode) ? mode : .default
        self.options = completed
        self.role = role
    }

    /// Whether the session plays alongside others instead of interrupting non-mixable sessions.
    public var isMixable: Bool { options.contains(.mixWithOthers) }

    /// Whether the session is a call: `playAndRecord` in mode `voiceChat` or `videoChat`.
    public var isCall: Bool { category == .playAndRecord && (mode == .voiceChat || mode == .videoChat) }

    /// Whether the session ducks the other active sessions (those that do not duck others) while it is active.
    public var ducksOthers: Bool { options.contains(.duckOthers) }

    /// Whether the session interrupts active `spokenAudio` sessions while it is active.
    public var interruptsSpokenAudio: Bool { options.contains(.interruptSpokenAudioAndMixWithOthers) }

    /// Whether this is music in the sense of the music-over-music rule: a non-mixable
    /// `playback` session in mode `default`.
    var isMusic: Bool { category == .playback && mode == .default && !isMixable }
}
