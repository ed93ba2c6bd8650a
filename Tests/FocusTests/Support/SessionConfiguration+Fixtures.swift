import Focus

/// The configurations tests use, named for what such a session usually is.
extension SessionConfiguration {
    /// A valid configuration; traps on a mistake in a fixture.
    static func make(
        _ category: SessionCategory, _ mode: SessionMode = .default, _ options: Set<SessionOption> = [],
        role: SessionRole? = nil
    ) -> SessionConfiguration {
        do {
            return try SessionConfiguration(category: category, mode: mode, options: options, role: role)
        } catch {
            fatalError("invalid fixture configuration: \(error)")
        }
    }

    /// Non-mixable music.
    static let music = make(.playback)
    /// A non-mixable podcast.
    static let podcast = make(.playback, .spokenAudio)
    /// A mixable podcast.
    static let mixablePodcast = make(.playback, .spokenAudio, [.mixWithOthers])
    /// A navigation prompt that interrupts spoken audio and ducks the rest.
    static let navigation = make(.playback, .voicePrompt, [.interruptSpokenAudioAndMixWithOthers, .duckOthers])
    /// A prompt that only interrupts spoken audio.
    static let spokenInterrupter = make(.playback, .voicePrompt, [.interruptSpokenAudioAndMixWithOthers])
    /// Mixable playback that ducks others.
    static let ducker = make(.playback, .default, [.duckOthers])
    /// Mixable playback.
    static let mixer = make(.playback, .default, [.mixWithOthers])
    /// Ambient sound.
    static let ambient = make(.ambient)
    /// Non-mixable ambient sound.
    static let soloAmbient = make(.soloAmbient)
    /// A film soundtrack.
    static let movie = make(.playback, .moviePlayback)
    /// A voice call.
    static let call = make(.playAndRecord, .voiceChat)
    /// A video call.
    static let videoCall = make(.playAndRecord, .videoChat)
    /// Speech recognition.
    static let recorder = make(.record)
    /// An assistant speaking over ducked audio.
    static let assistant = make(.playback, .default, [.duckOthers], role: .voiceCommand)
    /// Voicemail playback.
    static let voicemail = make(.playback, .spokenAudio, role: .voicemail)
}
