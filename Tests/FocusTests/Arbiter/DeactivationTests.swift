import Focus
import Testing

/// An interrupter over a victim, under a policy flag, and the `shouldResume` that follows.
struct ResumeCase: Sendable, CustomTestStringConvertible {
    let interrupter: SessionConfiguration
    let victim: SessionConfiguration
    let musicResumesAfterMusic: Bool
    let shouldResume: Bool
    let label: String
    var testDescription: String { label }
}

@Suite struct DeactivationTests {
    /// An ended interruption asks for a resume except music over music, which the policy decides.
    @Test(arguments: [
        ResumeCase(
            interrupter: .music, victim: .music, musicResumesAfterMusic: false, shouldResume: false,
            label: "music over music"),
        ResumeCase(
            interrupter: .music, victim: .music, musicResumesAfterMusic: true, shouldResume: true,
            label: "music over music, allowed"),
        ResumeCase(
            interrupter: .podcast, victim: .music, musicResumesAfterMusic: false, shouldResume: true,
            label: "podcast over music"),
        ResumeCase(
            interrupter: .music, victim: .podcast, musicResumesAfterMusic: false, shouldResume: true,
            label: "music over podcast"),
        ResumeCase(
            interrupter: .movie, victim: .music, musicResumesAfterMusic: false, shouldResume: true,
            label: "movie over music"),
        ResumeCase(
            interrupter: .soloAmbient, victim: .music, musicResumesAfterMusic: false, shouldResume: true,
            label: "soloAmbient over music"),
        ResumeCase(
            interrupter: .call, victim: .music, musicResumesAfterMusic: false, shouldResume: true,
            label: "call over music"),
        ResumeCase(
            interrupter: .make(.playAndRecord), victim: .music, musicResumesAfterMusic: false, shouldResume: true,
            label: "playAndRecord over music"),
    ])
    func shouldResume(_ given: ResumeCase) {
        var rig = FocusRig(policy: FocusPolicy(musicResumesAfterMusic: given.musicResumesAfterMusic))
        rig.open([("victim", given.victim), ("interrupter", given.interrupter)])
        rig.activate("victim")
        #expect(
            rig.activate("interrupter") == [.interrupt("victim", reason: .default)]
                + styleChange(given.interrupter, .short))
        #expect(
            rig.deactivate("interrupter")
                == [.endInterruption("victim", shouldResume: given.shouldResume)]
                + styleChange(given.interrupter, .normal)
        )
        #expect(rig.states("victim", "interrupter") == [.inactive, .inactive])
    }

    private func styleChange(_ configuration: SessionConfiguration, _ style: PromptStyle) -> [FocusEffect] {
        configuration.isCall ? [.promptStyleChanged(style)] : []
    }

    /// Without notify-others the interrupted session hears nothing and stays interrupted
    /// with no cause until it activates again.
    @Test func withoutNotifyNothingEnds() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("music", .music)])
        rig.activate("podcast", "music")
        #expect(rig.deactivate("music", notifyOthers: false) == [])
        #expect(rig.state(of: "podcast") == .interrupted)
        #expect(rig.causes(of: "podcast").isEmpty)
        #expect(rig.activate("podcast") == [])
        #expect(rig.state(of: "podcast") == .active)
    }

    /// A cause dropped without notify still lets the remaining cause end the interruption.
    @Test func silentDropLeavesOtherCauses() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("one", .spokenInterrupter), ("two", .spokenInterrupter)])
        rig.activate("one", "two", "podcast")
        #expect(rig.causes(of: "podcast") == ["one", "two"])
        #expect(rig.deactivate("one", notifyOthers: false) == [])
        #expect(rig.deactivate("two") == [.endInterruption("podcast", shouldResume: true)])
    }

    /// A later interrupter counts as a cause of a session left interrupted without notify,
    /// so its notify-others ends that interruption.
    @Test func leftoverGainsLaterCause() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("one", .navigation), ("two", .navigation)])
        rig.activate("podcast", "one")
        rig.deactivate("one", notifyOthers: false)
        #expect(rig.activate("two") == [])
        #expect(rig.causes(of: "podcast") == ["two"])
        #expect(rig.deactivate("two") == [.endInterruption("podcast", shouldResume: true)])
    }

    /// Deactivating an interrupted session makes it inactive and tells it nothing.
    @Test func deactivatingInterruptedSession() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("music", .music)])
        rig.activate("podcast", "music")
        #expect(rig.deactivate("podcast") == [])
        #expect(rig.states("podcast", "music") == [.inactive, .active])
        #expect(rig.causes(of: "podcast").isEmpty)
        #expect(rig.deactivate("music") == [])
    }

    /// Deactivating an inactive session succeeds and changes nothing when it holds nothing.
    @Test func deactivatingInactiveSession() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        let before = rig.state
        #expect(rig.deactivate("music") == [])
        #expect(rig.deactivate("music", notifyOthers: false) == [])
        #expect(rig.state == before)
    }

    /// Interruptions chain: a session whose own interruption ended still holds the ones it
    /// caused, and releases them when it deactivates with notify-others, active or not.
    @Test(arguments: [true, false])
    func chainedInterruptions(resumesFirst: Bool) {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("music", .music), ("call", .call)])
        rig.activate("podcast", "music")
        #expect(rig.activate("call") == [.interrupt("music", reason: .default), .promptStyleChanged(.short)])
        #expect(rig.causes(of: "podcast") == ["music", "call"])
        #expect(
            rig.deactivate("call") == [.endInterruption("music", shouldResume: true), .promptStyleChanged(.normal)])
        #expect(rig.states("podcast", "music") == [.interrupted, .inactive])
        #expect(rig.causes(of: "podcast") == ["music"])
        if resumesFirst { #expect(rig.activate("music") == []) }
        #expect(rig.deactivate("music") == [.endInterruption("podcast", shouldResume: true)])
    }

    /// Music interrupted by music and then by something else still ends without a resume.
    @Test func musicOverMusicSticks() {
        var rig = FocusRig()
        rig.open([("first", .music), ("second", .music), ("call", .call)])
        rig.activate("first", "second", "call")
        #expect(rig.causes(of: "first") == ["second", "call"])
        rig.deactivate("second")
        #expect(
            rig.deactivate("call") == [.endInterruption("first", shouldResume: false), .promptStyleChanged(.normal)])
    }
}
