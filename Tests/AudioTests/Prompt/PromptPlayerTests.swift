import Audio
import Foundation
import RondoTesting
import SinkMonitor
import Synchronization
import Testing

/// Prompts played on a private PulseAudio server, checked at the null sink's monitor and in
/// the server's list of sink inputs.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("a prompt's sink input, its properties and its sound are the server's"))
struct PromptPlayerTests {
    /// A WAV prompt is heard, on a sink input with `media.role=navigation` and the given
    /// session property while it plays, and `play` returns once it has been played out.
    @Test func wavPromptIsHeardWithItsProperties() throws {
        let pulse = try PulseServer()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        let directory = try TemporaryDirectory(prefix: "rondo-prompt")
        defer { directory.remove() }
        let wav = directory.appending("prompt.wav")
        try #require(Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "1", wav, "synth", "1", "sine", "440", "vol", "0.5"]) == 0)
        let player = PromptPlayer(server: AudioServer(output: .pulse(server: pulse.server)), sink: pulse.sink)
        let start = Date()
        let playing = Self.inBackground { () throws(AudioError) in
            try player.play(file: wav, properties: [SessionAudioControl.sessionProperty: "prompt-7"])
        }
        let listing = Self.sinkInputs(of: pulse) { $0.contains("navigation") }
        let outcome = playing.wait()
        let heard = monitor.samples(from: start, to: Date())

        try outcome.get()
        #expect(listing.contains(#"media.role = "navigation""#))
        #expect(listing.contains(#"rondo.session.id = "prompt-7""#))
        #expect(listing.contains(#"application.name = "Rondo""#))
        #expect(SignalAnalysis.level(heard, at: 440) > -20, "heard \(SignalAnalysis.level(heard, at: 440)) dBFS at 440 Hz")
        #expect(Self.sinkInputs(of: pulse) { _ in true }.isEmpty, "the prompt's stream is closed")
    }

    /// An MP3 prompt is heard to its end.
    @Test func mp3PromptIsHeard() throws {
        let path = Fixtures.path("short-a.mp3")
        let pulse = try PulseServer()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        let start = Date()
        try PromptPlayer(server: AudioServer(output: .pulse(server: pulse.server)), sink: pulse.sink).play(file: path, properties: [:])
        let heard = monitor.samples(from: start, to: Date())
        #expect(SignalAnalysis.level(heard, at: 500) > -20, "heard \(SignalAnalysis.level(heard, at: 500)) dBFS at 500 Hz")
    }

    /// The chime is heard with energy at both of its notes, 880 Hz and 1320 Hz, well above
    /// a frequency it does not play.
    @Test func chimeHasBothNotes() throws {
        let pulse = try PulseServer()
        let monitor = try MonitorRecorder(server: pulse.server, sink: pulse.sink)
        let start = Date()
        try PromptPlayer(server: AudioServer(output: .pulse(server: pulse.server)), sink: pulse.sink).playChime(properties: [:])
        let heard = monitor.samples(from: start, to: Date())
        let absent = SignalAnalysis.level(heard, at: 600)
        for note in [880.0, 1320.0] {
            let level = SignalAnalysis.level(heard, at: note)
            #expect(level > -30 && level > absent + 20, "\(note) Hz at \(level) dBFS, 600 Hz at \(absent)")
        }
    }

    /// A file that is missing, empty or not audio is refused with `decodeFailed`.
    @Test(arguments: ["missing.wav", "empty.mp3", "text.mp3"])
    func undecodableFileIsRefused(name: String) throws {
        let path = name == "missing.wav" ? "/nonexistent/missing.wav" : Fixtures.path(name)
        let pulse = try PulseServer()
        #expect {
            try PromptPlayer(server: AudioServer(output: .pulse(server: pulse.server)), sink: pulse.sink).play(file: path, properties: [:])
        } throws: { error in
            guard case .decodeFailed(let failed, _) = error as? AudioError else { return false }
            return failed == path
        }
    }

    /// Without a server the chime fails with `pulseUnavailable`.
    @Test func noServerIsReported() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-nopulse")
        defer { directory.remove() }
        let player = PromptPlayer(server: AudioServer(output: .pulse(server: "unix:" + directory.appending("no-server"))), sink: nil)
        #expect {
            try player.playChime(properties: [:])
        } throws: { error in
            guard case .pulseUnavailable = error as? AudioError else { return false }
            return true
        }
    }

    /// The output of `pactl list sink-inputs` once `ready` accepts it (waiting up to 5 s).
    private static func sinkInputs(of pulse: PulseServer, until ready: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(5)
        while true {
            let listing = pulse.pactl("list", "sink-inputs").stdout
            if ready(listing) || Date() > deadline { return listing }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Runs `body` on a thread of its own, as the daemon plays prompts off its actors.
    private static func inBackground(_ body: @escaping @Sendable () throws(AudioError) -> Void) -> Outcome {
        let outcome = Outcome()
        Thread {
            let result: Result<Void, AudioError>
            do throws(AudioError) {
                try body()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
        }.start()
        return outcome
    }
}

/// The result of a prompt played in the background, once it is known.
private final class Outcome: Sendable {
    let result = Mutex<Result<Void, AudioError>?>(nil)

    /// Waits for the result.
    func wait() -> Result<Void, AudioError> {
        while true {
            if let known = result.withLock({ $0 }) { return known }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
