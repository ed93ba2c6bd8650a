import Foundation
import RondoTesting
import Testing

/// `rondo scenario run --audio`: each session of a scenario plays its own tone, and what the
/// sink's monitor hears after each step is checked against the sessions' states.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("each step's levels measured at the server's monitor"))
struct ScenarioAudioTests {
    /// Runs the built `rondo scenario run --audio` on `file` against a fresh daemon on
    /// `pulse`.
    private func runAudio(_ file: String, on pulse: PulseServer) throws -> (status: Int32, stdout: String, stderr: String) {
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        defer { _ = daemon.stop() }
        return Subprocess.capture(
            [BuiltProducts.rondo, "scenario", "run", "--audio", BuiltProducts.packageRoot + "/Tests/Scenarios/" + file],
            environment: ["RONDO_SOCKET": daemon.socketPath, "PULSE_SERVER": pulse.server])
    }

    /// The `♪` line reporting `session` after a step, e.g.
    /// `♪ music 300 Hz ducked: -33.5 dBFS, -10.5 dB from reference …`.
    private func levelLines(_ output: String, session: String) -> [String] {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("♪ \(session) ") }
    }

    /// The number before ` dB from reference` or after `: ` (the level heard) in a `♪` line.
    private func decibels(_ line: String, before marker: String) -> Double? {
        guard let range = line.range(of: marker) else { return nil }
        return line[..<range.lowerBound].split(separator: " ").last.flatMap { Double($0) }
    }

    /// Music ducked under a navigation prompt is heard 20·log10(0.3) ≈ −10.5 dB under its
    /// reference, and back at its reference once the prompt ends.
    @Test func duckedMusicIsHeardTenAndAHalfDecibelsLower() throws {
        let pulse = try PulseServer()
        let run = try runAudio("duck-music-under-prompt.toml", on: pulse)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("3 passed, 0 failed"), "\(run.stdout)")
        let music = levelLines(run.stdout, session: "music")
        try #require(music.count == 3, "\(run.stdout)")
        #expect(music[0].contains("active") && music[0].contains("(reference)"), "\(music[0])")
        #expect(music[1].contains("ducked"), "\(music[1])")
        let ducked = try #require(decibels(music[1], before: " dB from reference"), "\(music[1])")
        #expect(abs(ducked - 20 * log10(0.3)) <= 1.5, "\(music[1])")
        let restored = try #require(decibels(music[2], before: " dB from reference"), "\(music[2])")
        #expect(abs(restored) <= 1.5, "\(music[2])")
        let nav = levelLines(run.stdout, session: "nav")
        #expect(nav.first?.contains("inactive") == true, "before it activates, nav is silent: \(nav)")
    }

    /// Two navigation prompts mix at full level by ear while the music stays 10.5 dB down
    /// until the second one ends.
    @Test func twoPromptsMixAtFullLevel() throws {
        let pulse = try PulseServer()
        let run = try runAudio("nested-ducking-two-duckers.toml", on: pulse)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("5 passed, 0 failed"), "\(run.stdout)")
        let nav = levelLines(run.stdout, session: "nav")
        let nav2 = levelLines(run.stdout, session: "nav2")
        try #require(nav.count == 5 && nav2.count == 5, "\(run.stdout)")
        #expect(nav[2].contains("active") && nav2[2].contains("active"), "\(nav[2]) / \(nav2[2])")
        let music = levelLines(run.stdout, session: "music")
        try #require(music.count == 5, "\(run.stdout)")
        for step in 2...3 {
            let ducked = try #require(decibels(music[step], before: " dB from reference"), "\(music[step])")
            #expect(abs(ducked - 20 * log10(0.3)) <= 1.5, "\(music[step])")
        }
        let restored = try #require(decibels(music[4], before: " dB from reference"), "\(music[4])")
        #expect(abs(restored) <= 1.5, "\(music[4])")
    }

    /// A podcast interrupted by a spoken-audio-interrupting prompt is silent at the monitor
    /// while the ducked music plays on, and heard again once it resumes.
    @Test func interruptedPodcastIsSilent() throws {
        let pulse = try PulseServer()
        let run = try runAudio("prompt-interrupts-podcast-then-resumes.toml", on: pulse)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let podcast = levelLines(run.stdout, session: "podcast")
        try #require(podcast.count == 4, "\(run.stdout)")
        #expect(podcast[2].contains("interrupted"), "\(podcast[2])")
        let heard = try #require(decibels(podcast[2], before: " dBFS"), "\(podcast[2])")
        #expect(heard < -50, "\(podcast[2])")
        #expect(podcast[3].contains("active"), "\(podcast[3])")
        let music = levelLines(run.stdout, session: "music")
        #expect(music.count == 4 && music[2].contains("ducked"), "\(music)")
    }

    /// With the sink muted nothing is heard, so the arbiter's expectations hold but the
    /// audio checks fail: the step shows the level expected beside the level measured, and
    /// `rondo` exits 1.
    @Test func inaudibleSessionsFailTheScenario() throws {
        let pulse = try PulseServer()
        #expect(pulse.pactl("set-sink-mute", pulse.sink, "1").status == 0)
        let run = try runAudio("duck-music-under-prompt.toml", on: pulse)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("✘ step 1: activate music"), "\(run.stdout)")
        #expect(run.stdout.contains("≠ music heard ≥ -50.0 dBFS (active)"), "\(run.stdout)")
        #expect(run.stdout.contains("0 passed, 3 failed"), "\(run.stdout)")
    }
}
