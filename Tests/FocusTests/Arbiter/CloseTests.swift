import Focus
import Testing

@Suite struct CloseTests {
    /// Closing an active session deactivates it with notify-others and forgets it.
    @Test func closeNotifiesAndForgets() {
        var rig = FocusRig()
        rig.open([("podcast", .podcast), ("music", .mixer), ("nav", .navigation)])
        rig.activate("podcast", "music", "nav")
        #expect(
            rig.send(.close("nav")) == [
                .endInterruption("podcast", shouldResume: true), .unduck("music", rampMilliseconds: 50),
            ]
        )
        #expect(rig.state.session("nav") == nil)
        #expect(rig.state.sessions.map(\.id) == ["podcast", "music"])
    }

    /// A closed session's identity can be opened again, as a fresh inactive session.
    @Test func identityIsReusable() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        rig.activate("music")
        rig.send(.close("music"))
        rig.open([("music", .podcast)])
        #expect(rig.state.session("music")?.configuration == .podcast)
        #expect(rig.state(of: "music") == .inactive)
    }

    /// A gone owner's sessions are all closed; interruptions among them are not announced,
    /// and other owners' sessions hear of the ones that end.
    @Test func ownerGoneClosesEverySession() {
        var rig = FocusRig()
        rig.open([("mine1", .music), ("podcast", .podcast)], owner: OwnerID(1))
        rig.open([("other", .music)], owner: OwnerID(2))
        rig.open([("mine2", .music), ("mine3", .ducker)], owner: OwnerID(1))
        rig.activate("mine1", "podcast", "other", "mine3", "mine2")
        #expect(
            rig.states("mine1", "podcast", "other", "mine2") == [.interrupted, .interrupted, .interrupted, .ducked])
        #expect(
            rig.send(.ownerGone(OwnerID(1))) == [.endInterruption("other", shouldResume: false)]
        )
        #expect(rig.state.sessions.map(\.id) == ["other"])
        #expect(rig.state(of: "other") == .inactive)
    }

    /// An owner with no sessions going away changes nothing and is no error.
    @Test func unknownOwnerGone() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        let before = rig.state
        #expect(rig.send(.ownerGone(OwnerID(9))) == [])
        #expect(rig.state == before)
    }

    /// Closing a session that is still producing sound does not report it busy.
    @Test func closeIsNeverBusy() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        rig.activate("music")
        rig.send(.soundStarted("music"))
        #expect(rig.send(.close("music")) == [])
    }
}
