import Focus
import Testing

/// A session activated while another is active, and whether the first is interrupted.
struct InterruptionCase: Sendable, CustomTestStringConvertible {
    let first: String
    let second: String
    let interrupts: Bool
    var testDescription: String { "\(second) over \(first)" }

    static let configurations: [String: SessionConfiguration] = [
        "music": .music, "podcast": .podcast, "mixablePodcast": .mixablePodcast, "navigation": .navigation,
        "ducker": .ducker, "mixer": .mixer, "ambient": .ambient, "soloAmbient": .soloAmbient, "movie": .movie,
        "call": .call, "recorder": .recorder, "spokenInterrupter": .spokenInterrupter,
    ]

    var firstConfiguration: SessionConfiguration { Self.configurations[first]! }
    var secondConfiguration: SessionConfiguration { Self.configurations[second]! }
}

@Suite struct ActivationTests {
    /// Activating a non-mixable session interrupts every active non-mixable session, an
    /// interrupter of spoken audio interrupts spoken audio, and everything else keeps playing.
    @Test(arguments: [
        InterruptionCase(first: "music", second: "music", interrupts: true),
        InterruptionCase(first: "music", second: "podcast", interrupts: true),
        InterruptionCase(first: "podcast", second: "music", interrupts: true),
        InterruptionCase(first: "soloAmbient", second: "movie", interrupts: true),
        InterruptionCase(first: "recorder", second: "music", interrupts: true),
        InterruptionCase(first: "music", second: "call", interrupts: true),
        InterruptionCase(first: "music", second: "mixer", interrupts: false),
        InterruptionCase(first: "mixer", second: "music", interrupts: false),
        InterruptionCase(first: "ambient", second: "music", interrupts: false),
        InterruptionCase(first: "music", second: "ambient", interrupts: false),
        InterruptionCase(first: "music", second: "navigation", interrupts: false),
        InterruptionCase(first: "podcast", second: "navigation", interrupts: true),
        InterruptionCase(first: "mixablePodcast", second: "spokenInterrupter", interrupts: true),
        InterruptionCase(first: "mixablePodcast", second: "music", interrupts: false),
        InterruptionCase(first: "ducker", second: "music", interrupts: false),
        InterruptionCase(first: "navigation", second: "podcast", interrupts: false),
    ])
    func secondActivation(_ given: InterruptionCase) {
        var rig = FocusRig()
        rig.open([("first", given.firstConfiguration), ("second", given.secondConfiguration)])
        rig.activate("first")
        let effects = rig.activate("second")
        let interrupted = effects.contains(.interrupt("first", reason: .default))
        #expect(interrupted == given.interrupts)
        #expect(rig.state(of: "first")?.isActive == !given.interrupts)
        if given.interrupts { #expect(rig.causes(of: "first") == ["second"]) }
    }

    /// One activation interrupts every active non-mixable session at once, in open order.
    @Test func interruptsEveryNonMixable() {
        var rig = FocusRig()
        rig.open([("a", .music), ("mixer", .mixer), ("b", .podcast), ("c", .music)])
        rig.activate("a", "mixer")
        #expect(rig.activate("b") == [.interrupt("a", reason: .default)])
        #expect(rig.activate("c") == [.interrupt("b", reason: .default)])
        #expect(rig.states("a", "mixer", "b", "c") == [.interrupted, .active, .interrupted, .active])
    }

    /// Activating an active session succeeds and changes nothing.
    @Test func reactivationIsANoOp() {
        var rig = FocusRig()
        rig.open([("music", .music), ("nav", .navigation)])
        rig.activate("music", "nav")
        let before = rig.state
        #expect(rig.activate("music") == [])
        #expect(rig.activate("nav") == [])
        #expect(rig.state == before)
    }

    /// An interrupted session that activates again takes the audio back from its interrupter.
    @Test func interruptedSessionActivatesAgain() {
        var rig = FocusRig()
        rig.open([("one", .music), ("two", .music)])
        rig.activate("one", "two")
        #expect(rig.activate("one") == [.interrupt("two", reason: .default)])
        #expect(rig.states("one", "two") == [.active, .interrupted])
        #expect(rig.causes(of: "one").isEmpty)
        #expect(rig.causes(of: "two") == ["one"])
    }

    /// Requests naming a session that is not open fail with noSuchSession and change nothing.
    @Test(arguments: [
        FocusEvent.activate("ghost"), .deactivate("ghost", notifyOthers: true),
        .deactivate("ghost", notifyOthers: false),
        .close("ghost"), .configure("ghost", .music), .soundStarted("ghost"), .soundStopped("ghost"),
    ])
    func unknownSession(event: FocusEvent) {
        var rig = FocusRig()
        rig.open([("music", .music)])
        rig.activate("music")
        let before = rig.state
        #expect(rig.send(event) == [.reject(.noSuchSession("ghost"))])
        #expect(rig.state == before)
    }

    /// Opening an identity that is already open fails with badParam and keeps the first session.
    @Test func duplicateOpen() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        let effects = rig.send(.open("music", name: "other", owner: OwnerID(2), configuration: .call))
        #expect(
            effects == [
                .reject(
                    .badParam(
                        "a session \"music\" is already open; choose another identity or close that session first"))
            ]
        )
        #expect(rig.state.session("music")?.configuration == .music)
        #expect(rig.state.session("music")?.owner == OwnerID(1))
    }

    /// A newly opened session is inactive at gain 1, listed in open order.
    @Test func openedSessionIsInactive() {
        var rig = FocusRig()
        rig.open([("b", .music), ("a", .podcast)])
        let session = rig.state.session("b")
        #expect(session?.state == .inactive)
        #expect(session?.gain == 1)
        #expect(session?.name == "b")
        #expect(session?.activatedAt == nil)
        #expect(rig.state.sessions.map(\.id) == ["b", "a"])
    }

    /// Activation records the instant, and `decide` leaves its input state untouched.
    @Test func decideIsPure() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        let before = rig.state
        let (after, effects) = Arbiter.decide(before, .activate("music"), policy: .default, at: 42)
        after._checkInvariants(policy: .default)
        #expect(effects == [])
        #expect(before.session("music")?.state == .inactive)
        #expect(after.session("music")?.state == .active)
        #expect(after.session("music")?.activatedAt == 42)
    }
}
