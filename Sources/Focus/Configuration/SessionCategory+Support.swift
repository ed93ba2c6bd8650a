extension SessionCategory {
    /// The modes each category supports and the options a caller may set on it: the one
    /// place this knowledge lives.
    ///
    /// Modes follow Apple's AVAudioSession.Mode documentation: `moviePlayback` only with
    /// `playback`; `voiceChat` only with `playAndRecord`; `videoChat` with `playAndRecord` or
    /// `record`; `measurement` with `playback`, `record` or `playAndRecord`. Apple restricts
    /// `spokenAudio` and `voicePrompt` to no category; here they go with every category that
    /// plays sound, since a recording session has no speech or prompt to pause. `default`
    /// goes with all. Options follow SPEC §5: settable only for `playback` and
    /// `playAndRecord`, and `mixWithOthers` (implied anyway) also accepted for `ambient`.
    private static let support: [SessionCategory: (modes: Set<SessionMode>, options: Set<SessionOption>)] = [
        .ambient: ([.default, .spokenAudio, .voicePrompt], [.mixWithOthers]),
        .soloAmbient: ([.default, .spokenAudio, .voicePrompt], []),
        .playback: ([.default, .spokenAudio, .voicePrompt, .moviePlayback, .measurement], Set(SessionOption.allCases)),
        .record: ([.default, .videoChat, .measurement], []),
        .playAndRecord: (
            [.default, .spokenAudio, .voicePrompt, .voiceChat, .videoChat, .measurement], Set(SessionOption.allCases)
        ),
    ]

    /// The modes this category supports; any other mode falls back to `default`.
    public var supportedModes: Set<SessionMode> { Self.support[self]?.modes ?? [.default] }

    /// The options a caller may ask for with this category; asking for another is `badParam`.
    public var settableOptions: Set<SessionOption> { Self.support[self]?.options ?? [] }
}
