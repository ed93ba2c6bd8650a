import Focus
import Testing

@Suite struct AdoptionRuleTests {
    /// A stream's role as PulseAudio or PipeWire names it, and the session SPEC §16's
    /// default rules make of it.
    struct RoleCase: Sendable, CustomTestStringConvertible {
        let role: String
        let category: SessionCategory
        let mode: SessionMode
        let options: Set<SessionOption>
        let sessionRole: SessionRole
        var testDescription: String { "\(role) → \(category.rawValue) \(mode.rawValue)" }
    }

    static let prompt: Set<SessionOption> = [.duckOthers, .interruptSpokenAudioAndMixWithOthers, .mixWithOthers]
    static let roleCases: [RoleCase] = [
        RoleCase(role: "phone", category: .playAndRecord, mode: .voiceChat, options: [], sessionRole: .call),
        RoleCase(role: "Communication", category: .playAndRecord, mode: .voiceChat, options: [], sessionRole: .call),
        RoleCase(role: "Navigation", category: .playback, mode: .voicePrompt, options: prompt, sessionRole: .navigation),
        RoleCase(role: "navigation", category: .playback, mode: .voicePrompt, options: prompt, sessionRole: .navigation),
        RoleCase(role: "a11y", category: .playback, mode: .voicePrompt, options: prompt, sessionRole: .navigation),
        RoleCase(role: "Accessibility", category: .playback, mode: .voicePrompt, options: prompt, sessionRole: .navigation),
        RoleCase(
            role: "event", category: .playback, mode: .default, options: [.mixWithOthers, .duckOthers],
            sessionRole: .notification),
        RoleCase(
            role: "Notification", category: .playback, mode: .default, options: [.mixWithOthers, .duckOthers],
            sessionRole: .notification),
        RoleCase(
            role: "ALERT", category: .playback, mode: .default, options: [.mixWithOthers, .duckOthers],
            sessionRole: .notification),
        RoleCase(
            role: "Emergency", category: .playback, mode: .default, options: [.mixWithOthers, .duckOthers],
            sessionRole: .emergency),
        RoleCase(role: "music", category: .playback, mode: .default, options: [], sessionRole: .music),
        RoleCase(role: "Music", category: .playback, mode: .default, options: [], sessionRole: .music),
        RoleCase(role: "game", category: .playback, mode: .default, options: [], sessionRole: .music),
        RoleCase(role: "video", category: .playback, mode: .moviePlayback, options: [], sessionRole: .music),
        RoleCase(role: "Movie", category: .playback, mode: .moviePlayback, options: [], sessionRole: .music),
    ]

    @Test(arguments: roleCases) func defaultRulesAdoptByRole(_ example: RoleCase) throws {
        let adoption = try #require(FocusPolicy.default.adoption(of: ForeignStream(mediaRole: example.role), scope: .roles))
        #expect(adoption.configuration.category == example.category)
        #expect(adoption.configuration.mode == example.mode)
        #expect(adoption.configuration.options == example.options)
        #expect(adoption.configuration.role == example.sessionRole)
        #expect(adoption.control == .mpris)
        #expect(adoption.rule != nil)
    }

    /// speech-dispatcher's voice, which sets no role, is a voice prompt by its application name.
    @Test(arguments: ["speech-dispatcher-espeak-ng", "speech-dispatcher-dummy"])
    func aScreenReadersVoiceIsAPrompt(application: String) throws {
        let stream = ForeignStream(application: application, binary: "speech-dispatcher", mediaName: "playback")
        let adoption = try #require(FocusPolicy.default.adoption(of: stream, scope: .roles))
        #expect(adoption.configuration.mode == .voicePrompt)
        #expect(adoption.configuration.ducksOthers)
    }

    /// Roles no default rule names, and streams with no role, are left alone under `roles`
    /// and become music under `all`; nothing is adopted under `off`.
    @Test(arguments: [nil, "animation", "production", "test", "Test", "something"])
    func unmatchedStreamsFollowTheScope(role: String?) throws {
        let stream = ForeignStream(mediaRole: role, application: "Firefox", binary: "firefox-esr")
        #expect(FocusPolicy.default.adoption(of: stream, scope: .roles) == nil)
        #expect(FocusPolicy.default.adoption(of: stream, scope: .off) == nil)
        let all = try #require(FocusPolicy.default.adoption(of: stream, scope: .all))
        #expect(all.rule == nil)
        #expect(all.configuration.category == .playback)
        #expect(!all.configuration.isMixable)
    }

    /// A known media player that sets no role is music by its binary; with a role, the role decides.
    @Test(arguments: FocusPolicy.knownPlayers)
    func knownPlayersAreMusic(binary: String) throws {
        let music = try #require(FocusPolicy.default.adoption(of: ForeignStream(application: binary, binary: binary), scope: .roles))
        #expect(music.configuration.category == .playback && music.configuration.role == .music && !music.configuration.isMixable)
        let movie = try #require(FocusPolicy.default.adoption(of: ForeignStream(mediaRole: "video", binary: binary), scope: .roles))
        #expect(movie.configuration.mode == .moviePlayback)
    }

    /// `off` leaves even a call alone.
    @Test func offAdoptsNothing() {
        #expect(FocusPolicy.default.adoption(of: ForeignStream(mediaRole: "phone"), scope: .off) == nil)
    }

    /// The packaged rules adopt no capture stream, not even under `all`.
    @Test(arguments: [nil, "phone", "music", "Navigation"])
    func captureStreamsAreLeftAlone(role: String?) {
        let stream = ForeignStream(direction: .capture, mediaRole: role, application: "arecord")
        #expect(FocusPolicy.default.adoption(of: stream, scope: .roles) == nil)
        #expect(FocusPolicy.default.adoption(of: stream, scope: .all) == nil)
    }

    /// Every condition of a match must hold, and a property the stream lacks meets none.
    @Test func everyConditionMustHold() {
        let match = AdoptionRule.Match(roles: ["Music"], application: Glob("mpv*"), binary: Glob("mpv"), media: Glob("* - mpv"))
        let full = ForeignStream(mediaRole: "music", application: "mpv Media Player", binary: "mpv", mediaName: "song.flac - mpv")
        #expect(match.matches(full))
        for broken in [
            ForeignStream(mediaRole: "video", application: full.application, binary: full.binary, mediaName: full.mediaName),
            ForeignStream(mediaRole: nil, application: full.application, binary: full.binary, mediaName: full.mediaName),
            ForeignStream(mediaRole: full.mediaRole, application: "vlc", binary: full.binary, mediaName: full.mediaName),
            ForeignStream(mediaRole: full.mediaRole, application: nil, binary: full.binary, mediaName: full.mediaName),
            ForeignStream(mediaRole: full.mediaRole, application: full.application, binary: "mpv.exe", mediaName: full.mediaName),
            ForeignStream(mediaRole: full.mediaRole, application: full.application, binary: full.binary, mediaName: "song.flac"),
        ] {
            #expect(!match.matches(broken), "\(broken)")
        }
        #expect(AdoptionRule.Match().matches(ForeignStream()))
    }

    /// The first rule that matches wins, and a rule takes only its own direction.
    @Test func firstMatchWinsWithinADirection() throws {
        var policy = FocusPolicy.default
        let spoken = try SessionConfiguration(category: .playback, mode: .spokenAudio)
        let record = try SessionConfiguration(category: .record)
        policy.adoptionRules =
            [
                AdoptionRule(match: AdoptionRule.Match(binary: Glob("gpodder*")), configuration: spoken, control: .mute),
                AdoptionRule(match: AdoptionRule.Match(binary: Glob("arecord")), direction: .capture, configuration: record),
            ] + FocusPolicy.defaultAdoptionRules
        let podcast = try #require(policy.adoption(of: ForeignStream(mediaRole: "music", binary: "gpodder"), scope: .roles))
        #expect(podcast.configuration == spoken)
        #expect(podcast.control == .mute)
        #expect(podcast.rule == 0)
        let dictation = try #require(policy.adoption(of: ForeignStream(direction: .capture, binary: "arecord"), scope: .roles))
        #expect(dictation.configuration == record)
        #expect(dictation.rule == 1)
        #expect(policy.adoption(of: ForeignStream(direction: .playback, binary: "arecord"), scope: .roles) == nil)
        #expect(policy.adoption(of: ForeignStream(mediaRole: "music", binary: "mpv"), scope: .roles)?.rule == 7)
    }
}
