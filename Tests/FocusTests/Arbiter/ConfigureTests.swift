import Focus
import Testing

@Suite struct ConfigureTests {
    /// Configuring an inactive or interrupted session only replaces its configuration.
    @Test func inactiveSessionJustChanges() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("music", .music), ("idle", .music)])
        rig.activate("podcast", "music")
        #expect(rig.send(.configure("idle", .ducker)) == [])
        #expect(rig.send(.configure("podcast", .call)) == [])
        #expect(rig.state.session("idle")?.configuration == .ducker)
        #expect(rig.states("podcast", "music", "idle") == [.interrupted, .active, .inactive])
    }

    /// An active session that becomes a ducker ducks the others at once, and unducks them
    /// when it stops being one.
    @Test func becomingADucker() {
        var rig = FocusRig()
        rig.open([("music", .music), ("nav", .mixer)])
        rig.activate("music", "nav")
        #expect(rig.send(.configure("nav", .ducker)) == [.duck("music", to: 0.3, rampMilliseconds: 50)])
        #expect(rig.send(.configure("nav", .mixer)) == [.unduck("music", rampMilliseconds: 50)])
    }

    /// An active session that becomes non-mixable interrupts the active non-mixable session.
    @Test func becomingNonMixable() {
        var rig = FocusRig()
        rig.open([("music", .music), ("other", .mixer)])
        rig.activate("music", "other")
        #expect(rig.send(.configure("other", .music)) == [.interrupt("music", reason: .default)])
        #expect(rig.causes(of: "music") == ["other"])
        #expect(rig.deactivate("other") == [.endInterruption("music", shouldResume: false)])
    }

    /// An active session that becomes spoken audio under a prompt is interrupted at once.
    @Test func becomingSpokenUnderPrompt() {
        var rig = FocusRig()
        rig.open([("nav", .navigation), ("book", .mixer)])
        rig.activate("nav", "book")
        #expect(
            rig.send(.configure("book", .mixablePodcast)) == [
                .interrupt("book", reason: .default), .unduck("book", rampMilliseconds: 50),
            ]
        )
        #expect(rig.causes(of: "book") == ["nav"])
    }

    /// An interrupter that drops its option keeps the interruptions it caused until it deactivates.
    @Test func droppedOptionKeepsInterruptions() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("nav", .navigation)])
        rig.activate("podcast", "nav")
        #expect(rig.send(.configure("nav", .mixer)) == [])
        #expect(rig.state(of: "podcast") == .interrupted)
        #expect(rig.deactivate("nav") == [.endInterruption("podcast", shouldResume: true)])
    }

    /// A reconfiguration a priority rule blocks fails and keeps the old configuration.
    @Test func blockedReconfiguration() {
        var rig = FocusRig()
        rig.open([("call", .call), ("music", .mixer)])
        rig.activate("call", "music")
        let before = rig.state
        let effects = rig.send(.configure("music", .music))
        #expect(effects.count == 1)
        #expect(effects.first.map { if case .reject(.insufficientPriority) = $0 { true } else { false } } == true)
        #expect(rig.state == before)
    }

    /// An active session that becomes a call changes the prompt style and interrupts non-mixables.
    @Test func becomingACall() {
        var rig = FocusRig()
        rig.open([("music", .music), ("phone", .mixer)])
        rig.activate("music", "phone")
        #expect(
            rig.send(.configure("phone", .call)) == [
                .interrupt("music", reason: .default), .promptStyleChanged(.short),
            ]
        )
    }

    /// Reconfiguring keeps the activation time, so advisories are not re-armed.
    @Test func activationTimeIsKept() {
        var rig = FocusRig()
        rig.open([("nav", .navigation)])
        rig.activate("nav")
        rig.now += 5
        rig.send(.configure("nav", .spokenInterrupter))
        #expect(rig.state.session("nav")?.activatedAt == 100)
        #expect(rig.wait(1) == [])
    }
}
