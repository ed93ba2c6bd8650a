import Focus
import Testing

@Suite struct SpokenAudioTests {
    /// SPEC §8's example: a navigation prompt pauses a podcast, ducks mixable music, and
    /// lets the podcast resume when it deactivates with notify-others.
    @Test func navigationPausesPodcast() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("nav", .navigation), ("music", .mixer)])
        rig.activate("podcast", "music")
        #expect(
            rig.activate("nav") == [
                .interrupt("podcast", reason: .default), .duck("music", to: 0.3, rampMilliseconds: 50),
            ]
        )
        #expect(rig.states("podcast", "nav", "music") == [.interrupted, .active, .ducked])
        #expect(rig.state.promptStyle == .normal)
        #expect(
            rig.deactivate("nav") == [
                .endInterruption("podcast", shouldResume: true), .unduck("music", rampMilliseconds: 50),
            ]
        )
        #expect(rig.states("podcast", "nav", "music") == [.inactive, .inactive, .active])
        #expect(rig.activate("podcast") == [])
        #expect(rig.state(of: "podcast") == .active)
    }

    /// Spoken audio that activates while an interrupter is active is activated and at once
    /// interrupted, so it resumes when the prompt ends.
    @Test func spokenAudioActivatingUnderPrompt() {
        var rig = FocusRig()
        rig.open([("nav", .spokenInterrupter), ("podcast", .podcast)])
        rig.activate("nav")
        #expect(rig.activate("podcast") == [.interrupt("podcast", reason: .default)])
        #expect(rig.state(of: "podcast") == .interrupted)
        #expect(rig.causes(of: "podcast") == ["nav"])
        #expect(rig.deactivate("nav") == [.endInterruption("podcast", shouldResume: true)])
    }

    /// Spoken audio activating under a prompt still interrupts non-mixable music first.
    @Test func spokenAudioUnderPromptStillInterruptsMusic() {
        var rig = FocusRig()
        rig.open([("music", .music), ("nav", .spokenInterrupter), ("podcast", .podcast)])
        rig.activate("music", "nav")
        #expect(
            rig.activate("podcast") == [.interrupt("music", reason: .default), .interrupt("podcast", reason: .default)]
        )
        #expect(rig.causes(of: "music") == ["podcast"])
        #expect(rig.deactivate("nav") == [.endInterruption("podcast", shouldResume: true)])
        #expect(rig.state(of: "music") == .interrupted)
    }

    /// Interruptions of spoken audio are counted: the podcast resumes only when the last
    /// interrupter deactivates with notify-others.
    @Test func nestedPromptsAreCounted() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("one", .navigation), ("two", .spokenInterrupter)])
        rig.activate("podcast", "one")
        #expect(rig.activate("two") == [.duck("two", to: 0.3, rampMilliseconds: 50)])
        #expect(rig.causes(of: "podcast") == ["one", "two"])
        #expect(rig.deactivate("one") == [.unduck("two", rampMilliseconds: 50)])
        #expect(rig.state(of: "podcast") == .interrupted)
        #expect(rig.deactivate("two") == [.endInterruption("podcast", shouldResume: true)])
    }

    /// Only `spokenAudio` sessions are interrupted by a prompt; other modes are ducked or untouched.
    @Test(arguments: SessionMode.allCases)
    func onlySpokenAudioIsInterrupted(mode: SessionMode) {
        var rig = FocusRig()
        rig.open([("other", .make(.playAndRecord, mode, [.mixWithOthers])), ("nav", .spokenInterrupter)])
        rig.activate("other")
        let effects = rig.activate("nav")
        #expect(effects == (mode == .spokenAudio ? [.interrupt("other", reason: .default)] : []))
    }

    /// A mixable podcast is interrupted by a prompt like a non-mixable one.
    @Test func mixablePodcastIsInterrupted() {
        var rig = FocusRig()
        rig.open([("podcast", .mixablePodcast), ("nav", .navigation)])
        rig.activate("podcast")
        #expect(rig.activate("nav") == [.interrupt("podcast", reason: .default)])
    }
}
