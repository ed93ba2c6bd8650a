import Focus
import Testing

@Suite struct AdvisoryTests {
    private static let heldMessage =
        "voice prompt session \"nav\" held active without sound for more than 3 s; deactivate it when the prompt ends"

    /// A voicePrompt session held active without sound for more than the prompt hold gets
    /// one advisory per activation.
    @Test func silentPromptIsAdvisedOnce() {
        var rig = FocusRig()
        rig.open([("nav", .navigation)])
        rig.activate("nav")
        #expect(rig.wait(3) == [])
        #expect(rig.wait(0.5) == [.advisory("nav", message: Self.heldMessage)])
        #expect(rig.wait(10) == [])
        rig.deactivate("nav")
        rig.activate("nav")
        #expect(rig.wait(3.5) == [.advisory("nav", message: Self.heldMessage)])
    }

    /// The arbiter tells when the held prompt's advisory comes due, moves it with the
    /// sound, and has none once it is sent.
    @Test func nextAdvisoryDueFollowsTheHold() {
        var rig = FocusRig(startedAt: 0, now: 100)
        rig.open([("nav", .navigation)])
        #expect(rig.arbiter.nextAdvisoryDue == nil)
        rig.activate("nav")
        #expect(rig.arbiter.nextAdvisoryDue == 103)
        rig.now = 101
        rig.send(.soundStarted("nav"))
        #expect(rig.arbiter.nextAdvisoryDue == nil)
        rig.now = 102
        rig.send(.soundStopped("nav"))
        #expect(rig.arbiter.nextAdvisoryDue == 105)
        #expect(rig.wait(3.5) == [.advisory("nav", message: Self.heldMessage)])
        #expect(rig.arbiter.nextAdvisoryDue == nil)
    }

    /// Sound holds the advisory off; the hold counts from when the sound stops.
    @Test func soundResetsTheHold() {
        var rig = FocusRig()
        rig.open([("nav", .navigation)])
        rig.activate("nav")
        rig.now += 1
        rig.send(.soundStarted("nav"))
        #expect(rig.wait(10) == [])
        rig.send(.soundStopped("nav"))
        #expect(rig.wait(2) == [])
        #expect(rig.wait(1.5) == [.advisory("nav", message: Self.heldMessage)])
    }

    /// Sessions in other modes may stay silent as long as they like.
    @Test(arguments: [SessionConfiguration.music, .podcast, .ducker, .spokenInterrupter.withMode(.default)])
    func otherModesAreNotAdvised(configuration: SessionConfiguration) {
        var rig = FocusRig()
        rig.open([("other", configuration)])
        rig.activate("other")
        #expect(rig.wait(60) == [])
    }

    /// Advisories are checked on every event, not only on ticks, and the hold is the policy's.
    @Test func checkedOnAnyEvent() {
        var rig = FocusRig(policy: FocusPolicy(promptHoldSeconds: 1.5))
        rig.open([("nav", .navigation), ("music", .music)])
        rig.activate("nav")
        rig.now += 2
        #expect(
            rig.activate("music") == [
                .duck("music", to: 0.3, rampMilliseconds: 50),
                .advisory(
                    "nav",
                    message: "voice prompt session \"nav\" held active without sound for more than 1.5 s; "
                        + "deactivate it when the prompt ends"
                ),
            ]
        )
    }

    /// A session activated within the launch window that plays nothing past the prompt hold
    /// gets one advisory.
    @Test func idleAtLaunch() {
        var rig = FocusRig(startedAt: 10, now: 11)
        rig.open([("music", .music)])
        rig.activate("music")
        #expect(rig.wait(3) == [])
        #expect(
            rig.wait(1) == [
                .advisory(
                    "music",
                    message: "session \"music\" activated at launch with nothing to play; "
                        + "activate it when it has something to play"
                )
            ]
        )
        #expect(rig.wait(10) == [])
    }

    /// The launch advisory needs an activation within the launch window and no sound since.
    @Test(arguments: [(12.0, false), (12.5, false), (11.0, true)])
    func launchAdvisoryConditions(activatedAt: Double, sounds: Bool) {
        var rig = FocusRig(startedAt: 10, now: activatedAt)
        rig.open([("music", .music)])
        rig.activate("music")
        if sounds {
            rig.send(.soundStarted("music"))
            rig.send(.soundStopped("music"))
        }
        let expectAdvisory = !sounds && activatedAt - 10 <= 2
        #expect(rig.wait(5).isEmpty == !expectAdvisory)
    }

    /// A voicePrompt session idle at launch gets both advisories, the hold first.
    @Test func bothAdvisories() {
        var rig = FocusRig(startedAt: 0, now: 0)
        rig.open([("nav", .navigation)])
        rig.activate("nav")
        let effects = rig.wait(4)
        #expect(effects.count == 2)
        #expect(effects.first == .advisory("nav", message: Self.heldMessage))
    }

    /// Inactive and interrupted sessions get no advisories.
    @Test func onlyActiveSessions() {
        var rig = FocusRig(startedAt: 0, now: 0)
        rig.open([("podcast", .podcast.withMode(.voicePrompt)), ("music", .music)])
        rig.activate("podcast", "music")
        #expect(rig.state(of: "podcast") == .interrupted)
        rig.deactivate("music")
        #expect(rig.wait(10) == [])
    }
}

extension SessionConfiguration {
    /// This configuration with another mode.
    func withMode(_ mode: SessionMode) -> SessionConfiguration {
        .make(category, mode, options, role: role)
    }
}
