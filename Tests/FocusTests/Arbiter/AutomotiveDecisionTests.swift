import Focus
import Testing

@Suite struct AutomotiveDecisionTests {
    static let duck = 0.3
    static let ramp = 50

    static func session(_ role: SessionRole) -> SessionConfiguration { .make(.playback, role: role) }

    static func rig() -> FocusRig { FocusRig(policy: AutomotiveReference.policy) }

    /// One active session whose cell rejects the requester refuses it, even when another
    /// holder would let it join; the refusal names both sessions and roles and changes nothing.
    @Test func anyRejectingHolderRefuses() {
        var rig = Self.rig()
        rig.open([
            ("ring", Self.session(.callRing)), ("nav", Self.session(.navigation)),
            ("note", Self.session(.notification)),
        ])
        rig.activate("ring")
        #expect(rig.activate("nav") == [.duck("ring", to: Self.duck, rampMilliseconds: Self.ramp)])
        let before = rig.state
        #expect(
            rig.activate("note") == [
                .reject(
                    .insufficientPriority(
                        "session \"note\" cannot be active while \"ring\" is active (policy automotive rejects "
                            + "role notification while role callRing holds the audio); try again when it has ended, "
                            + "or use a role it does not reject"
                    )
                )
            ])
        #expect(rig.state == before)
    }

    /// With several holders, each holder's own cell applies: music is interrupted by an
    /// alarm while navigation plays on and ducks the alarm; the alarm's end resumes music.
    @Test func eachHolderCellApplies() {
        var rig = Self.rig()
        rig.open([("music", Self.session(.music)), ("nav", Self.session(.navigation)), ("alarm", Self.session(.alarm))])
        rig.activate("music")
        #expect(rig.activate("nav") == [.duck("music", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(
            rig.activate("alarm") == [
                .interrupt("music", reason: .default), .unduck("music", rampMilliseconds: Self.ramp),
                .duck("alarm", to: Self.duck, rampMilliseconds: Self.ramp),
            ])
        #expect(rig.states("music", "nav", "alarm") == [.interrupted, .active, .ducked])
        #expect(
            rig.deactivate("alarm") == [
                .endInterruption("music", shouldResume: true), .unduck("alarm", rampMilliseconds: Self.ramp),
            ])
        #expect(rig.states("music", "nav", "alarm") == [.inactive, .active, .inactive])
    }

    /// A call interrupts every holder whose cell is exclusive, and its end resumes them all.
    @Test func callInterruptsEveryExclusiveHolder() {
        var rig = Self.rig()
        rig.open([("music", Self.session(.music)), ("nav", Self.session(.navigation)), ("call", Self.session(.call))])
        rig.activate("music", "nav")
        #expect(
            rig.activate("call") == [
                .interrupt("music", reason: .default), .unduck("music", rampMilliseconds: Self.ramp),
                .interrupt("nav", reason: .default), .promptStyleChanged(.short),
            ])
        #expect(
            rig.deactivate("call") == [
                .endInterruption("music", shouldResume: true), .endInterruption("nav", shouldResume: true),
                .promptStyleChanged(.normal),
            ])
    }

    /// Causes are counted: an interrupted session whose cell against a new requester is
    /// exclusive counts it too, and resumes only when the last cause deactivates.
    @Test func nestedCausesAreCounted() {
        var rig = Self.rig()
        rig.open([
            ("music", Self.session(.music)), ("alarm", Self.session(.alarm)),
            ("assistant", Self.session(.voiceCommand)),
        ])
        rig.activate("music")
        #expect(rig.activate("alarm") == [.interrupt("music", reason: .default)])
        #expect(rig.activate("assistant") == [.interrupt("alarm", reason: .default), .promptStyleChanged(.short)])
        #expect(rig.causes(of: "music") == ["alarm", "assistant"])
        #expect(
            rig.deactivate("assistant") == [
                .endInterruption("alarm", shouldResume: true), .promptStyleChanged(.normal),
            ])
        #expect(rig.states("music", "alarm") == [.interrupted, .inactive])
        #expect(rig.causes(of: "music") == ["alarm"])
        #expect(rig.activate("alarm") == [])
        #expect(rig.deactivate("alarm") == [.endInterruption("music", shouldResume: true)])
    }

    /// Music's interruptions are permanent even when music only joins as a second cause:
    /// music interrupted by an alarm, then counted against new music, ends without a resume.
    @Test func musicCauseMakesInterruptionPermanent() {
        var rig = Self.rig()
        rig.open([("first", Self.session(.music)), ("alarm", Self.session(.alarm)), ("second", Self.session(.music))])
        rig.activate("first", "alarm")
        #expect(rig.activate("second") == [.duck("second", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(rig.causes(of: "first") == ["alarm", "second"])
        #expect(rig.deactivate("alarm") == [.unduck("second", rampMilliseconds: Self.ramp)])
        #expect(rig.deactivate("second") == [.endInterruption("first", shouldResume: false)])
    }

    /// A transient interrupter's end asks for a resume; music over music does not.
    @Test(arguments: [(SessionRole.music, false), (.announcement, true), (.callRing, true), (.emergency, true)])
    func permanentOnlyForMusic(interrupter: SessionRole, resumes: Bool) {
        var rig = Self.rig()
        rig.open([("music", Self.session(.music)), ("other", Self.session(interrupter))])
        rig.activate("music")
        #expect(rig.activate("other") == [.interrupt("music", reason: .default)])
        #expect(rig.deactivate("other") == [.endInterruption("music", shouldResume: resumes)])
    }

    /// Deactivating without notify-others abandons silently: the interrupted session hears
    /// nothing and stays interrupted with no cause; a later interrupter counts as its cause
    /// and its notify-others ends the interruption.
    @Test func deactivationWithoutNotify() {
        var rig = Self.rig()
        rig.open([("music", Self.session(.music)), ("call", Self.session(.call)), ("ring", Self.session(.callRing))])
        rig.activate("music", "call")
        #expect(rig.deactivate("call", notifyOthers: false) == [.promptStyleChanged(.normal)])
        #expect(rig.state(of: "music") == .interrupted)
        #expect(rig.causes(of: "music").isEmpty)
        #expect(rig.activate("ring") == [])
        #expect(rig.causes(of: "music") == ["ring"])
        #expect(rig.deactivate("ring") == [.endInterruption("music", shouldResume: true)])
    }

    /// Closing an interrupter deactivates it with notify-others.
    @Test func closeEndsInterruption() {
        var rig = Self.rig()
        rig.open([("music", Self.session(.music)), ("call", Self.session(.call))])
        rig.activate("music", "call")
        #expect(
            rig.send(.close("call")) == [.endInterruption("music", shouldResume: true), .promptStyleChanged(.normal)])
    }

    /// Sessions without a role arbitrate by category and mode: a call (playAndRecord,
    /// voiceChat) refuses music, and a voice prompt joins it as navigation and ducks it.
    @Test func sessionsWithoutRole() {
        var rig = Self.rig()
        rig.open([("call", .call), ("music", .music), ("nav", .navigation)])
        #expect(rig.activate("call") == [.promptStyleChanged(.short)])
        #expect(rig.activate("music").count == 1)
        #expect(rig.state(of: "music") == .inactive)
        #expect(rig.activate("nav") == [.duck("call", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(rig.states("call", "music", "nav") == [.ducked, .inactive, .active])
    }

    /// Voicemail arbitrates as a call: it refuses music and asks for short prompts.
    @Test func voicemailIsACall() {
        var rig = Self.rig()
        rig.open([("voicemail", .voicemail), ("music", Self.session(.music))])
        #expect(rig.activate("voicemail") == [.promptStyleChanged(.short)])
        #expect(rig.activate("music").count == 1)
    }

    /// Ducking follows who is active, not who came first: music that joins navigation is ducked.
    @Test func joiningSessionIsDucked() {
        var rig = Self.rig()
        rig.open([("nav", Self.session(.navigation)), ("music", Self.session(.music))])
        rig.activate("nav")
        #expect(rig.activate("music") == [.duck("music", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(rig.deactivate("nav") == [.unduck("music", rampMilliseconds: Self.ramp)])
    }

    /// Options play no part: a spoken-audio podcast is ducked, not interrupted, by a voice
    /// prompt that interrupts spoken audio, and may start while that prompt plays.
    @Test func optionsPlayNoPart() {
        var rig = Self.rig()
        rig.open([("podcast", .podcast), ("nav", .navigation), ("other", .podcast)])
        rig.activate("podcast")
        #expect(rig.activate("nav") == [.duck("podcast", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(
            rig.activate("other") == [
                .interrupt("podcast", reason: .default), .unduck("podcast", rampMilliseconds: Self.ramp),
                .duck("other", to: Self.duck, rampMilliseconds: Self.ramp),
            ])
        #expect(rig.states("podcast", "nav", "other") == [.interrupted, .active, .ducked])
    }

    /// Configuring an active session takes its new role at once: the matrix checks it
    /// against the other holders, interrupting or refusing as for an activation.
    @Test func configureTakesNewRole() {
        var rig = Self.rig()
        rig.open([("nav", Self.session(.navigation)), ("music", Self.session(.music))])
        rig.activate("nav", "music")
        #expect(
            rig.send(.configure("music", Self.session(.call))) == [
                .interrupt("nav", reason: .default), .unduck("music", rampMilliseconds: Self.ramp),
                .promptStyleChanged(.short),
            ])
        var refused = Self.rig()
        refused.open([("call", Self.session(.call)), ("nav", Self.session(.navigation))])
        refused.activate("call", "nav")
        let before = refused.state
        let effects = refused.send(.configure("nav", Self.session(.music)))
        #expect(effects.count == 1)
        #expect(effects.first.map { if case .reject(.insufficientPriority) = $0 { true } else { false } } == true)
        #expect(refused.state == before)
    }

    /// An emergency joins a call and ducks it, and refuses navigation while it sounds.
    @Test func emergencyDuringCall() {
        var rig = Self.rig()
        rig.open([
            ("call", Self.session(.call)), ("warning", Self.session(.emergency)), ("nav", Self.session(.navigation)),
        ])
        rig.activate("call")
        #expect(rig.activate("warning") == [.duck("call", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(rig.activate("nav").count == 1)
        #expect(rig.states("call", "warning", "nav") == [.ducked, .active, .inactive])
    }

    /// An interrupted session refuses nobody: a role its row rejects may start meanwhile.
    @Test func interruptedSessionRefusesNobody() {
        var rig = Self.rig()
        rig.open([
            ("assistant", Self.session(.voiceCommand)), ("ring", Self.session(.callRing)),
            ("nav", Self.session(.navigation)),
        ])
        rig.activate("assistant")
        #expect(rig.activate("ring") == [.interrupt("assistant", reason: .default), .promptStyleChanged(.normal)])
        #expect(rig.activate("nav") == [.duck("ring", to: Self.duck, rampMilliseconds: Self.ramp)])
        #expect(rig.states("assistant", "ring", "nav") == [.interrupted, .ducked, .active])
    }
}
