extension FocusPolicy {
    /// SPEC §16's default rules, the same in both packaged policies: PulseAudio's and
    /// PipeWire's role names, each made into the session a CarPlay app of that kind opens,
    /// speech-dispatcher's voice (a screen reader's), which sets no role, by its name, and
    /// the media players that set none (``knownPlayers``) by their binary.
    ///
    /// A notification is `playback` with `duckOthers` where SPEC §16 says `ambient`: §5 refuses
    /// `duckOthers` on `ambient`, and `playback` with `mixWithOthers` is what ambient sound
    /// that ducks is on iOS.
    public static let defaultAdoptionRules: [AdoptionRule] = [
        rule(["phone", "communication"], .playAndRecord, .voiceChat, [], .call),
        rule(
            ["navigation", "a11y", "accessibility"], .playback, .voicePrompt,
            [.duckOthers, .interruptSpokenAudioAndMixWithOthers], .navigation),
        AdoptionRule(
            match: AdoptionRule.Match(application: Glob("speech-dispatcher*")),
            configuration: fixed(.playback, .voicePrompt, [.duckOthers, .interruptSpokenAudioAndMixWithOthers], .navigation)),
        rule(["event", "notification", "alert"], .playback, .default, [.mixWithOthers, .duckOthers], .notification),
        rule(["emergency"], .playback, .default, [.duckOthers], .emergency),
        rule(["music", "game"], .playback, .default, [], .music),
        rule(["video", "movie"], .playback, .moviePlayback, [], .music),
        AdoptionRule(
            match: AdoptionRule.Match(binary: Glob(anyOf: knownPlayers)), configuration: fixed(.playback, .default, [], .music)),
    ]

    /// Media players that set no role on their streams (mpv, among others), adopted as music
    /// by their binary: the other players a head unit or a desktop runs beside Rondo.
    public static let knownPlayers = [
        "audacious", "celluloid", "clementine", "elisa", "lollypop", "mpv", "rhythmbox", "spotify", "strawberry", "totem", "vlc",
    ]

    /// What an unmatched playing stream becomes under `adopt = "all"`: music, as Android
    /// Automotive takes a stream of unknown use.
    public static let defaultAdoptDefault = AdoptionRule(
        match: AdoptionRule.Match(), configuration: fixed(.playback, .default, [], .music))

    private static func rule(
        _ roles: Set<String>, _ category: SessionCategory, _ mode: SessionMode, _ options: Set<SessionOption>,
        _ role: SessionRole
    ) -> AdoptionRule {
        AdoptionRule(match: AdoptionRule.Match(roles: roles), configuration: fixed(category, mode, options, role))
    }

    /// A configuration known to be valid.
    private static func fixed(
        _ category: SessionCategory, _ mode: SessionMode, _ options: Set<SessionOption>, _ role: SessionRole
    ) -> SessionConfiguration {
        // Every option above is settable on its category: the initializer cannot throw here.
        try! SessionConfiguration(category: category, mode: mode, options: options, role: role)
    }
}
