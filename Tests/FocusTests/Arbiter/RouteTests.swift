import Focus
import Testing

@Suite struct RouteTests {
    /// Losing or gaining a sink tells the active sessions, ducked ones included, and changes nothing.
    @Test(arguments: [
        (FocusEvent.routeLost(sink: "car"), RouteChangeReason.oldDeviceUnavailable),
        (.routeLost(sink: nil), .oldDeviceUnavailable),
        (.routeRestored(sink: "speakers"), .newDeviceAvailable),
        (.routeRestored(sink: nil), .newDeviceAvailable),
    ])
    func routeChangeReachesActiveSessions(event: FocusEvent, reason: RouteChangeReason) {
        var rig = FocusRig()
        rig.open([("idle", .music), ("podcast", .podcast), ("music", .mixer), ("nav", .navigation)])
        rig.activate("podcast", "music", "nav")
        let before = rig.state
        #expect(rig.send(event) == [.routeChanged(reason, sessions: ["music", "nav"])])
        #expect(rig.state == before)
    }

    /// With no active session a route change tells no one.
    @Test func nobodyToTell() {
        var rig = FocusRig()
        rig.open([("music", .music)])
        #expect(rig.send(.routeLost(sink: "car")) == [])
    }
}
