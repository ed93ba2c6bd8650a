import Focus
import RondoScenarios
import Testing

@Suite struct ScenarioEventTests {
    /// Gains are written as the shortest decimal of the value rounded to three places.
    @Test(arguments: [(0.3, "0.3"), (1, "1"), (0, "0"), (0.25, "0.25"), (0.12345, "0.123"), (0.9999, "1")])
    func gainText(gain: Double, text: String) {
        #expect(ScenarioEvent.gain("music", gain).description == "music gain \(text)")
    }

    /// Every event is written in SPEC §8's words.
    @Test func descriptions() {
        let events: [ScenarioEvent] = [
            .interruptionBegan("podcast", reason: .default), .interruptionEnded("podcast", shouldResume: true),
            .activated("podcast"), .deactivated("music"), .promptStyle(.short), .advisory("nav"),
            .routeChanged(.oldDeviceUnavailable),
        ]
        #expect(
            events.map(\.description) == [
                "podcast interruption began reason=default", "podcast interruption ended shouldResume=true",
                "podcast activated", "music deactivated", "promptStyle short", "nav advisory",
                "route changed reason=oldDeviceUnavailable",
            ])
    }

    /// Gains of the same session match within ±0.01; other events match only when equal.
    @Test func matching() {
        #expect(ScenarioEvent.gain("music", 0.3).matches(.gain("music", 0.31)))
        #expect(!ScenarioEvent.gain("music", 0.3).matches(.gain("music", 0.32)))
        #expect(!ScenarioEvent.gain("music", 0.3).matches(.gain("nav", 0.3)))
        #expect(!ScenarioEvent.gain("music", 1).matches(.activated("music")))
        #expect(ScenarioEvent.advisory("nav").matches(.advisory("nav")))
        #expect(
            !ScenarioEvent.interruptionEnded("a", shouldResume: true).matches(
                .interruptionEnded("a", shouldResume: false)))
    }
}
