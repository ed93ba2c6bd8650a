import Focus
import Testing

@Suite struct DuckingTests {
    /// A ducker ducks every other active session that does not duck others, in open order, and leaves inactive ones alone.
    @Test func duckerDucksEveryActiveSession() {
        var rig = FocusRig()
        rig.open([("music", .music), ("idle", .podcast), ("nav", .ducker), ("ambient", .ambient)])
        rig.activate("music", "ambient")
        #expect(
            rig.activate("nav") == [
                .duck("music", to: 0.3, rampMilliseconds: 50), .duck("ambient", to: 0.3, rampMilliseconds: 50),
            ]
        )
        #expect(rig.states("music", "idle", "nav", "ambient") == [.ducked, .inactive, .active, .ducked])
        #expect(rig.state.session("music")?.gain == 0.3)
        #expect(rig.state.session("nav")?.gain == 1)
    }

    /// A session that activates while a ducker is active starts ducked.
    @Test func lateActivationStartsDucked() {
        var rig = FocusRig()
        rig.open([("nav", .ducker), ("music", .music)])
        rig.activate("nav")
        #expect(rig.activate("music") == [.duck("music", to: 0.3, rampMilliseconds: 50)])
        #expect(rig.state(of: "music") == .ducked)
    }

    /// Two duckers (two navigation prompts) mix at full level and both duck the rest;
    /// ducking is counted: the music is unducked only when the last ducker is gone.
    @Test func duckersMixAndDuckingIsCounted() {
        var rig = FocusRig()
        rig.open([("music", .music), ("one", .ducker), ("two", .ducker)])
        rig.activate("music", "one")
        #expect(rig.activate("two") == [])
        #expect(rig.states("music", "one", "two") == [.ducked, .active, .active])
        #expect(rig.state.session("one")?.gain == 1)
        #expect(rig.state.session("two")?.gain == 1)
        #expect(rig.deactivate("one") == [])
        #expect(rig.states("music", "one", "two") == [.ducked, .inactive, .active])
        #expect(rig.state.session("music")?.gain == 0.3)
        #expect(rig.deactivate("two", notifyOthers: false) == [.unduck("music", rampMilliseconds: 50)])
        #expect(rig.state.session("music")?.gain == 1)
    }

    /// A ducker that activates while another ducker plays is not ducked, and the music that
    /// activates under both starts ducked once.
    @Test func lateDuckerIsNotDucked() {
        var rig = FocusRig()
        rig.open([("one", .ducker), ("two", .ducker), ("music", .music)])
        rig.activate("one")
        #expect(rig.activate("two") == [])
        #expect(rig.activate("music") == [.duck("music", to: 0.3, rampMilliseconds: 50)])
        #expect(rig.states("one", "two", "music") == [.active, .active, .ducked])
    }

    /// A ducker ducks whether or not it is producing sound.
    @Test func duckingIgnoresSound() {
        var rig = FocusRig()
        rig.open([("music", .music), ("nav", .ducker)])
        rig.activate("music", "nav")
        rig.send(.soundStarted("nav"))
        #expect(rig.send(.soundStopped("nav")) == [])
        #expect(rig.state(of: "music") == .ducked)
    }

    /// A ducked session that is interrupted is told so, then returns to gain 1.
    @Test func interruptedSessionLeavesDucking() {
        var rig = FocusRig()
        rig.open([("music", .music), ("nav", .ducker), ("other", .music)])
        rig.activate("music", "nav")
        #expect(
            rig.activate("other") == [
                .interrupt("music", reason: .default), .unduck("music", rampMilliseconds: 50),
                .duck("other", to: 0.3, rampMilliseconds: 50),
            ]
        )
        #expect(rig.state.session("music")?.gain == 1)
    }

    /// A deactivated ducked session returns to gain 1 and says so.
    @Test func deactivatedDuckedSessionUnducks() {
        var rig = FocusRig()
        rig.open([("music", .music), ("nav", .ducker)])
        rig.activate("music", "nav")
        #expect(rig.deactivate("music") == [.unduck("music", rampMilliseconds: 50)])
    }

    /// The duck level and ramp come from the policy.
    @Test(arguments: [(0.5, 120), (0.0, 0), (1.0, 10)])
    func levelAndRampFromPolicy(level: Double, ramp: Int) {
        var rig = FocusRig(policy: FocusPolicy(duckLevel: level, rampMilliseconds: ramp))
        rig.open([("music", .music), ("nav", .ducker)])
        rig.activate("music")
        #expect(rig.activate("nav") == [.duck("music", to: level, rampMilliseconds: ramp)])
        #expect(rig.state.session("music")?.gain == level)
        #expect(rig.deactivate("nav") == [.unduck("music", rampMilliseconds: ramp)])
    }
}
