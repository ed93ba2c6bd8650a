import Focus
import Testing

@Suite struct AutomotiveMatrixTests {
    /// A playback session declaring `role`.
    static func session(_ role: SessionRole) -> SessionConfiguration { .make(.playback, role: role) }

    /// The prompt style the automotive policy documents for playback sessions of `roles`:
    /// short while a call or the assistant is active, else normal.
    static func style(_ roles: [SessionRole]) -> PromptStyle {
        roles.contains { $0 == .call || $0 == .voiceCommand } ? .short : .normal
    }

    /// The prompt-style change from the sessions `before` to the sessions `after`, if any.
    static func styleChange(_ before: [SessionRole], _ after: [SessionRole]) -> [FocusEffect] {
        style(before) == style(after) ? [] : [.promptStyleChanged(style(after))]
    }

    static let duck = 0.3
    static let ramp = 50

    /// Each of the 144 requester-against-holder pairs does what AOSP's matrix says:
    /// `reject` refuses with `insufficientPriority` and changes nothing; `exclusive`
    /// interrupts the holder until the requester deactivates with notify-others, then asks
    /// it to resume unless the requester is music; `concurrent` lets both play, each ducked
    /// exactly when the other's role ducks it, and undoes the ducking when the requester
    /// deactivates.
    @Test(arguments: AutomotiveReference.roles, AutomotiveReference.roles)
    func requesterAgainstHolder(holder: SessionRole, requester: SessionRole) {
        var rig = FocusRig(policy: AutomotiveReference.policy)
        rig.open([("holder", Self.session(holder)), ("requester", Self.session(requester))])
        #expect(rig.activate("holder") == Self.styleChange([], [holder]))
        let before = rig.state
        let effects = rig.activate("requester")
        switch AutomotiveReference.interaction(holder: holder, requester: requester) {
        case .reject:
            #expect(effects.count == 1)
            #expect(effects.first.map { if case .reject(.insufficientPriority) = $0 { true } else { false } } == true)
            #expect(rig.state == before)
            #expect(rig.deactivate("requester") == [])
            #expect(rig.states("holder", "requester") == [.active, .inactive])
        case .exclusive:
            #expect(
                effects == [.interrupt("holder", reason: .default)] + Self.styleChange([holder], [requester]))
            #expect(rig.states("holder", "requester") == [.interrupted, .active])
            #expect(rig.causes(of: "holder") == ["requester"])
            #expect(
                rig.deactivate("requester")
                    == [.endInterruption("holder", shouldResume: requester != .music)]
                    + Self.styleChange([requester], []))
            #expect(rig.states("holder", "requester") == [.inactive, .inactive])
        case .concurrent:
            let holderDucked = AutomotiveReference.ducks(requester, holder)
            let requesterDucked = AutomotiveReference.ducks(holder, requester)
            var expected: [FocusEffect] = []
            if holderDucked { expected.append(.duck("holder", to: Self.duck, rampMilliseconds: Self.ramp)) }
            if requesterDucked { expected.append(.duck("requester", to: Self.duck, rampMilliseconds: Self.ramp)) }
            #expect(effects == expected + Self.styleChange([holder], [holder, requester]))
            #expect(
                rig.states("holder", "requester") == [
                    holderDucked ? .ducked : .active, requesterDucked ? .ducked : .active,
                ])
            #expect(rig.state.session("holder")?.gain == (holderDucked ? Self.duck : 1))
            #expect(rig.state.session("requester")?.gain == (requesterDucked ? Self.duck : 1))
            var undone: [FocusEffect] = []
            if holderDucked { undone.append(.unduck("holder", rampMilliseconds: Self.ramp)) }
            if requesterDucked { undone.append(.unduck("requester", rampMilliseconds: Self.ramp)) }
            #expect(rig.deactivate("requester") == undone + Self.styleChange([holder, requester], [holder]))
            #expect(rig.states("holder", "requester") == [.active, .inactive])
        }
    }

    /// Each role against an interrupted session of each role: an `exclusive` cell makes the
    /// requester one more cause, so the interruption ends only when both causes are gone,
    /// without a resume if either was music; any other cell leaves the interruption alone.
    @Test(arguments: AutomotiveReference.roles)
    func requesterAgainstInterruptedSession(victim: SessionRole) {
        for requester in AutomotiveReference.roles {
            var rig = FocusRig(policy: AutomotiveReference.policy)
            // An interrupter the requester can join, so that both are active together.
            let interrupter = AutomotiveReference.roles.first {
                AutomotiveReference.interaction(holder: victim, requester: $0) == .exclusive
                    && AutomotiveReference.interaction(holder: $0, requester: requester) == .concurrent
            }
            guard let interrupter else { continue }
            rig.open([
                ("victim", Self.session(victim)), ("first", Self.session(interrupter)),
                ("second", Self.session(requester)),
            ])
            rig.activate("victim", "first")
            #expect(rig.state(of: "victim") == .interrupted)
            rig.activate("second")
            #expect(rig.states("first", "second").allSatisfy { $0?.isActive == true }, "\(interrupter) \(requester)")
            let counts = AutomotiveReference.interaction(holder: victim, requester: requester) == .exclusive
            #expect(rig.causes(of: "victim") == (counts ? ["first", "second"] : ["first"]), "\(requester)")
            let endedByFirst = rig.deactivate("first").contains {
                if case .endInterruption("victim", _) = $0 { true } else { false }
            }
            #expect(endedByFirst == !counts, "\(interrupter) then \(requester)")
            let ended = rig.deactivate("second").compactMap { effect -> Bool? in
                if case .endInterruption("victim", let resume) = effect { resume } else { nil }
            }
            #expect(ended == (counts ? [interrupter != .music && requester != .music] : []), "\(requester)")
            #expect(rig.state(of: "victim") == .inactive)
        }
    }
}
