import Focus
import Testing

@Suite struct BusyTests {
    /// Deactivating a session still producing sound deactivates it, with its effects, and
    /// reports isBusy last.
    @Test(arguments: [true, false])
    func deactivatingWhileSounding(notifyOthers: Bool) {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("music", .mixer), ("nav", .navigation)])
        rig.activate("podcast", "music", "nav")
        rig.send(.soundStarted("nav"))
        let ending: [FocusEffect] = notifyOthers ? [.endInterruption("podcast", shouldResume: true)] : []
        #expect(
            rig.deactivate("nav", notifyOthers: notifyOthers)
                == ending + [.unduck("music", rampMilliseconds: 50), .reject(.isBusy("nav"))]
        )
        #expect(rig.state(of: "nav") == .inactive)
        #expect(rig.state.session("nav")?.isProducingSound == true)
    }

    /// Once its sound has stopped, a session deactivates without isBusy.
    @Test func quietSessionIsNotBusy() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        rig.activate("music")
        rig.send(.soundStarted("music"))
        rig.send(.soundStopped("music"))
        #expect(rig.deactivate("music") == [])
    }

    /// Deactivating an inactive session that is producing sound still reports isBusy.
    @Test func inactiveButSounding() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        rig.send(.soundStarted("music"))
        #expect(rig.deactivate("music") == [.reject(.isBusy("music"))])
        #expect(rig.state(of: "music") == .inactive)
    }

    /// Sound reports change only the sound flag, whatever the session's state.
    @Test(arguments: [SessionState.inactive, .active, .interrupted])
    func soundReportsChangeOnlySound(state: SessionState) {
        var rig = FocusRig()
        rig.open([("music", .music), ("other", .music)])
        if state != .inactive { rig.activate("music") }
        if state == .interrupted { rig.activate("other") }
        #expect(rig.send(.soundStarted("music")) == [])
        #expect(rig.state(of: "music") == state)
        #expect(rig.state.session("music")?.isProducingSound == true)
        #expect(rig.send(.soundStopped("music")) == [])
        #expect(rig.state.session("music")?.isProducingSound == false)
    }
}
