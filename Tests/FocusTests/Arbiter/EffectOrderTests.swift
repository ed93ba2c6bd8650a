import Focus
import Testing

@Suite struct EffectOrderTests {
    private static let assistant = SessionConfiguration.make(
        .playback, .voicePrompt, [.interruptSpokenAudioAndMixWithOthers, .duckOthers], role: .voiceCommand
    )

    /// One event's effects come per session in open order, then the prompt style, then
    /// advisories, then isBusy.
    @Test func orderOfEverything() {
        var rig = FocusRig()
        rig.open([
            ("prompt", .make(.playback, .voicePrompt, [.mixWithOthers])), ("music", .mixer), ("podcast", .podcast),
            ("nav", Self.assistant),
        ])
        rig.activate("music", "podcast", "prompt")
        rig.send(.soundStarted("prompt"))
        #expect(
            rig.activate("nav") == [
                .duck("prompt", to: 0.3, rampMilliseconds: 50), .duck("music", to: 0.3, rampMilliseconds: 50),
                .interrupt("podcast", reason: .default), .promptStyleChanged(.short),
            ]
        )
        rig.send(.soundStarted("nav"))
        rig.send(.soundStopped("prompt"))
        rig.now += 4
        #expect(
            rig.deactivate("nav") == [
                .unduck("prompt", rampMilliseconds: 50), .unduck("music", rampMilliseconds: 50),
                .endInterruption("podcast", shouldResume: true), .promptStyleChanged(.normal),
                .advisory(
                    "prompt",
                    message: "voice prompt session \"prompt\" held active without sound for more than 3 s; "
                        + "deactivate it when the prompt ends"
                ),
                .reject(.isBusy("nav")),
            ]
        )
    }

    /// A failed request's refusal comes first, and advisories due still follow it.
    @Test func refusalThenAdvisories() {
        var rig = FocusRig()
        rig.open([("nav", .navigation)])
        rig.activate("nav")
        rig.now += 4
        let effects = rig.send(.activate("ghost"))
        #expect(effects.count == 2)
        #expect(effects.first == .reject(.noSuchSession("ghost")))
        #expect(effects.last.map { if case .advisory("nav", _) = $0 { true } else { false } } == true)
    }

    /// A route change comes after the prompt style and before advisories.
    @Test func routeBeforeAdvisories() {
        var rig = FocusRig()
        rig.open([("nav", .navigation)])
        rig.activate("nav")
        rig.now += 4
        let effects = rig.send(.routeLost(sink: nil))
        #expect(effects.first == .routeChanged(.oldDeviceUnavailable, sessions: ["nav"]))
        #expect(effects.count == 2)
    }
}
