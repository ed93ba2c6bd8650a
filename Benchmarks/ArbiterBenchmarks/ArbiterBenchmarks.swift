import Benchmark
import Focus

/// The cost of one decision of the focus arbiter, per event, with a realistic number of
/// sessions: a car or a desktop has a handful of programs holding sessions at once.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput], scalingFactor: .kilo,
        maxDuration: .seconds(3))

    Benchmark("prompt over 8 sessions: activate + deactivate(notifyOthers)") { benchmark in
        var arbiter = ArbiterScene.busy()
        for index in benchmark.scaledIterations {
            let now = Double(index)
            blackHole(arbiter.handle(.activate(ArbiterScene.prompt), at: now))
            blackHole(arbiter.handle(.deactivate(ArbiterScene.prompt, notifyOthers: true), at: now + 0.5))
        }
    }

    Benchmark("call over 8 sessions: activate + deactivate(notifyOthers)") { benchmark in
        var arbiter = ArbiterScene.busy()
        for index in benchmark.scaledIterations {
            let now = Double(index)
            blackHole(arbiter.handle(.activate(ArbiterScene.call), at: now))
            blackHole(arbiter.handle(.deactivate(ArbiterScene.call, notifyOthers: true), at: now + 0.5))
        }
    }

    Benchmark("clock tick with 8 sessions") { benchmark in
        var arbiter = ArbiterScene.busy()
        for index in benchmark.scaledIterations {
            blackHole(arbiter.handle(.tick, at: Double(index)))
        }
    }
}

/// A desktop-sized scene: music, a podcast, two mixable sounds, an ambient game and a
/// dictation session open, plus a navigation prompt and a call that come and go.
enum ArbiterScene {
    static let prompt: SessionID = "prompt"
    static let call: SessionID = "call"

    static func busy() -> Arbiter {
        var arbiter = Arbiter(policy: .default, startedAt: 0)
        let sessions: [(SessionID, SessionConfiguration, Bool)] = [
            ("music", configuration(.playback), true),
            ("podcast", configuration(.playback, .spokenAudio), false),
            ("chime", configuration(.playback, options: [.mixWithOthers]), true),
            ("game", configuration(.ambient), true),
            ("alerts", configuration(.playback, options: [.mixWithOthers]), true),
            ("dictation", configuration(.playAndRecord, .default, options: [.mixWithOthers]), true),
            (prompt, configuration(.playback, .voicePrompt, options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers]), false),
            (call, configuration(.playAndRecord, .voiceChat), false),
        ]
        for (id, configuration, active) in sessions {
            _ = arbiter.handle(.open(id, name: id.rawValue, owner: OwnerID(1), configuration: configuration), at: 0)
            if active { _ = arbiter.handle(.activate(id), at: 0) }
        }
        return arbiter
    }

    private static func configuration(
        _ category: SessionCategory, _ mode: SessionMode = .default, options: Set<SessionOption> = []
    ) -> SessionConfiguration {
        try! SessionConfiguration(category: category, mode: mode, options: options)
    }
}
