import Focus
import Testing

@Suite struct PriorityTests {
    /// While a call is active, non-mixable sessions fail to activate with nothing changed,
    /// and mixable ones activate.
    @Test(arguments: [
        ("music", SessionConfiguration.music, false), ("podcast", .podcast, false), ("solo", .soloAmbient, false),
        ("recorder", .recorder, false), ("second call", .videoCall, false), ("movie", .movie, false),
        ("mixer", .mixer, true), ("ambient", .ambient, true), ("nav", .navigation, true), ("ducker", .ducker, true),
    ])
    func callBlocksNonMixable(label: String, configuration: SessionConfiguration, allowed: Bool) {
        var rig = FocusRig()
        rig.open([("call", .call), ("other", configuration)])
        rig.activate("call")
        let before = rig.state
        let effects = rig.activate("other")
        if allowed {
            #expect(rig.state(of: "other")?.isActive == true, "\(label)")
            #expect(!effects.contains { if case .reject = $0 { true } else { false } })
        } else {
            #expect(effects.count == 1)
            #expect(effects.first.map { if case .reject(.insufficientPriority) = $0 { true } else { false } } == true)
            #expect(rig.state == before)
        }
    }

    /// The refusal names the session, the call and what to do.
    @Test func refusalMessage() {
        var rig = FocusRig()
        rig.open([("phone", .call), ("music", .music)])
        rig.activate("phone")
        #expect(
            rig.activate("music") == [
                .reject(
                    .insufficientPriority(
                        "session \"music\" cannot be active while the call \"phone\" is active "
                            + "(the call blocks non-mixable sessions); try again when it has ended, "
                            + "or use a configuration it does not block"
                    )
                )
            ]
        )
    }

    /// A call interrupts non-mixable sessions, and they resume when it ends with notify-others.
    @Test func callInterruptsAndReleases() {
        var rig = FocusRig()
        rig.open([("music", .music), ("call", .call)])
        rig.activate("music")
        #expect(rig.activate("call") == [.interrupt("music", reason: .default), .promptStyleChanged(.short)])
        #expect(
            rig.deactivate("call") == [.endInterruption("music", shouldResume: true), .promptStyleChanged(.normal)])
        #expect(rig.activate("music") == [])
    }

    /// An interrupted session cannot take the audio back during a call.
    @Test func interruptedSessionBlockedDuringCall() {
        var rig = FocusRig()
        rig.open([("music", .music), ("call", .call)])
        rig.activate("music", "call")
        #expect(rig.activate("music").count == 1)
        #expect(rig.state(of: "music") == .interrupted)
        #expect(rig.state(of: "call") == .active)
    }

    /// Priority rules are data: a policy can let an assistant block every non-mixable session.
    @Test func customRule() {
        let rule = PriorityRule(
            name: "assistant", holder: SessionPredicate(roles: [.voiceCommand]),
            blocked: SessionPredicate(isMixable: false)
        )
        var rig = FocusRig(policy: FocusPolicy(priorityRules: [rule]))
        rig.open([("siri", .assistant), ("music", .music), ("call", .call), ("other", .music)])
        rig.activate("call")
        #expect(rig.activate("other") == [.interrupt("call", reason: .default), .promptStyleChanged(.normal)])
        rig.activate("siri")
        #expect(
            rig.activate("music").first.map { if case .reject(.insufficientPriority) = $0 { true } else { false } }
                == true)
    }
}
