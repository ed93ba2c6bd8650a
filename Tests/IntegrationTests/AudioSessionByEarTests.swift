import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Spawning
import Testing

/// The audio-session arbiter acting on real audio: what a listener at the sink hears when
/// prompts, calls and other programs take the output from the daemon's player.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("ducks, pauses and other programs' streams heard at the server's monitor"))
struct AudioSessionByEarTests {
    /// The linear gain ducked sessions get under the default policy, in dB.
    static let duckDecibels = 20 * log10(0.3)

    /// `rondo session exec` with the voice-prompt options as SPEC §7 writes it.
    static let promptExec = [
        "session", "exec", "--category", "playback", "--mode", "voicePrompt", "--option", "duckOthers",
        "--option", "interruptSpokenAudioAndMixWithOthers", "--notify-others", "--", "/usr/bin/paplay",
    ]

    /// Starts the built `rondo` with `arguments` against the bench's daemon and server.
    private func startRondo(_ bench: AudioTestBench, _ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(
            [BuiltProducts.rondo] + arguments,
            environment: ["RONDO_SOCKET": bench.daemon.socketPath, "PULSE_SERVER": bench.pulse.server])
    }

    /// The player's session as `session.list` shows it.
    private func playerSession(_ bench: AudioTestBench) throws -> SessionInfo? {
        try bench.client.call(Methods.SessionList.self).first { $0.session == "rondo.player" }
    }

    /// Music is heard 10.5 dB lower while a prompt runs under `session exec` with
    /// duckOthers, and at its own level again within 0.3 s after the prompt ends.
    @Test func promptUnderSessionExecDucksTheMusic() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        #expect(abs(reference - fixtureToneLevel) < 1.5)

        let prompt = try startRondo(bench, Self.promptExec + [Fixtures.path("prompt1000.wav")])
        #expect(bench.wait(upTo: 2) { bench.heardLevel(of: 1000, over: 0.05) > fixtureToneLevel - 6 })
        bench.waitUntilHeard(440, near: reference + Self.duckDecibels)
        let during = bench.monitor.listen(for: 0.4)
        let ducked = SignalAnalysis.level(during, at: 440)
        #expect(abs(ducked - reference - Self.duckDecibels) < 1.5, "ducked \(ducked) dBFS, reference \(reference) dBFS")
        #expect(try playerSession(bench)?.state == .ducked)
        #expect(try playerSession(bench)?.gain == 0.3)

        #expect(prompt.wait() == 0)
        let ended = Date()
        Thread.sleep(forTimeInterval: 0.6)
        let after = bench.monitor.samples(from: ended.addingTimeInterval(0.3), to: Date())
        #expect(abs(SignalAnalysis.level(after, at: 440) - reference) < 1, "after the prompt")
        #expect(try playerSession(bench)?.state == .active)
    }

    /// A daemon killed while its music was ducked leaves no duck behind: a server that
    /// remembers stream volumes by application and role (WirePlumber's restore-stream) must
    /// not play the next daemon's music at the ducked level.
    @Test func aDuckDoesNotOutliveTheDaemon() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let prompt = try startRondo(
            bench,
            ["session", "exec", "--category", "playback", "--mode", "voicePrompt", "--option", "duckOthers", "--", "/bin/sleep", "30"])
        defer { _ = prompt.terminate() }
        #expect(try bench.wait(upTo: 2) { try playerSession(bench)?.state == .ducked })
        bench.waitUntilHeard(440, near: reference + Self.duckDecibels)
        #expect(abs(bench.heardLevel(of: 440, over: 0.3) - reference - Self.duckDecibels) < 1.5)
        bench.daemon.kill()
        _ = prompt.terminate()

        let again = try DaemonProcess(pulseServer: bench.pulse.server, restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        bench.waitUntilHeard(440, near: reference)
        let level = bench.heardLevel(of: 440, over: 0.4)
        #expect(abs(level - reference) < 1.5, "the next daemon's music at \(level) dBFS, \(reference) dBFS before the duck")
    }

    /// A spoken-word item pauses (`interrupted`) under the prompt and resumes by itself
    /// once the prompt has ended, 2 s before where it stopped, so the word cut is heard whole.
    @Test func spokenWordPausesUnderAPromptAndResumes() throws {
        let bench = try AudioTestBench()
        try bench.queue("speech440.mp3")
        try bench.send(.play)
        // Far enough in that a resume from the start would be told from one 2 s back.
        #expect(try bench.wait(upTo: 10) { try (bench.nowPlaying().info.elapsedPlaybackTime ?? 0) > 3 })
        #expect(try playerSession(bench)?.mode == .spokenAudio)

        let prompt = try startRondo(bench, Self.promptExec + [Fixtures.path("prompt1000.wav")])
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .interrupted })
        let heldAt = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        bench.waitUntilSilent(at: 440)
        let during = bench.monitor.listen(for: 0.4)
        #expect(SignalAnalysis.level(during, at: 440) < silenceLevel)
        #expect(SignalAnalysis.level(during, at: 1000) > fixtureToneLevel - 3)
        #expect(try playerSession(bench)?.state == .interrupted)

        #expect(prompt.wait() == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .playing })
        let resumed = try bench.nowPlaying()
        let elapsed = try #require(resumed.info.elapsedPlaybackTime)
        #expect(abs(elapsed - (heldAt - 2)) < 0.5, "held at \(heldAt) s, resumed at \(elapsed) s, not 2 s before")
        bench.waitUntilHeard(440, near: fixtureToneLevel)
        #expect(abs(bench.heardLevel(of: 440, over: 0.3) - fixtureToneLevel) < 1.5)
    }

    /// While a call (`playAndRecord`/`voiceChat`) is active, `rondo play` fails with
    /// `insufficientPriority` and nothing sounds; the prompt style is `short`, and once the
    /// call has ended a `record` session makes it `none`.
    @Test func callRefusesPlayAndSetsThePromptStyle() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3")
        let call = try bench.daemon.client()
        let callSession = try call.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "call", category: .playAndRecord, mode: .voiceChat))
        _ = try call.call(Methods.SessionActivate.self, callSession)
        #expect(try bench.client.call(Methods.SessionPromptStyle.self, PromptStyleParams()).promptStyle == .short)

        let play = Subprocess.capture(
            [BuiltProducts.rondo, "play"], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(play.status == 1)
        #expect(play.stderr.contains("insufficientPriority"), "\(play.stderr)")
        #expect(try bench.nowPlaying().playbackState == .stopped)
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel)

        _ = try call.call(Methods.SessionDeactivate.self, SessionDeactivateParams(session: callSession.session, notifyOthers: true))
        let recognizer = try bench.daemon.client()
        let record = try recognizer.call(Methods.SessionOpen.self, SessionOpenParams(name: "dictation", category: .record))
        _ = try recognizer.call(Methods.SessionActivate.self, record)
        #expect(try bench.client.call(Methods.SessionPromptStyle.self, PromptStyleParams()).promptStyle == .none)
        _ = try recognizer.call(Methods.SessionClose.self, record)
        #expect(try bench.client.call(Methods.SessionPromptStyle.self, PromptStyleParams()).promptStyle == .normal)
        #expect(try bench.send(.play) == .success)
    }

    /// A ducking session dies with its connection: the music comes back to full level
    /// when the client that opened the session goes away without closing it.
    @Test func sessionEndsWithItsConnection() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3")
        try bench.send(.play)
        let reference = bench.steadyLevel(of: 440)
        var ducker: RondoClient? = try bench.daemon.client()
        let session = try ducker!.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "ducker", category: .playback, options: [.duckOthers]))
        _ = try ducker!.call(Methods.SessionActivate.self, session)
        bench.waitUntilHeard(440, near: reference + Self.duckDecibels)
        #expect(abs(bench.heardLevel(of: 440, over: 0.3) - reference - Self.duckDecibels) < 1.5)

        ducker = nil
        #expect(try bench.wait(upTo: 2) { try playerSession(bench)?.gain == 1 })
        #expect(try bench.client.call(Methods.SessionList.self).map(\.name) == ["rondo.player"])
        bench.waitUntilHeard(440, near: reference, tolerance: 1)
        #expect(abs(bench.heardLevel(of: 440, over: 0.3) - reference) < 1)
    }

    /// `rondo prompt` plays the file over ducked music and answers `full`; with
    /// `--respect-prompt-style` under a `record` session it plays nothing and answers `none`.
    @Test func promptCommandPlaysOverDuckedMusic() throws {
        let bench = try AudioTestBench()
        try bench.queue("long440.mp3")
        try bench.send(.play)
        let reference = bench.steadyLevel(of: 440)
        let start = Date()
        let prompt = Subprocess.capture(
            [BuiltProducts.rondo, "prompt", Fixtures.path("prompt1000.wav")],
            environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(prompt.status == 0, "\(prompt.stderr)")
        #expect(prompt.stdout == "played: full\n")
        let windows = bench.monitor.windows(from: start, to: Date(), window: 0.1)
        let promptWindows = windows.filter { SignalAnalysis.level($0.samples, at: 1000) > fixtureToneLevel - 3 }
        #expect(promptWindows.count >= 10, "the 1.5 s prompt was heard for \(promptWindows.count) windows of 0.1 s")
        let duckedLevels = promptWindows.dropFirst().map { SignalAnalysis.level($0.samples, at: 440) - reference }
        #expect(duckedLevels.allSatisfy { abs($0 - Self.duckDecibels) < 2 }, "\(duckedLevels)")

        let recognizer = try bench.daemon.client()
        let record = try recognizer.call(Methods.SessionOpen.self, SessionOpenParams(name: "dictation", category: .record))
        _ = try recognizer.call(Methods.SessionActivate.self, record)
        let quiet = Subprocess.capture(
            [BuiltProducts.rondo, "prompt", "--respect-prompt-style", Fixtures.path("prompt1000.wav")],
            environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(quiet.stdout == "played: none\n", "\(quiet)")
    }

    /// When the sink the player uses disappears, `route.changed` says
    /// `oldDeviceUnavailable` and the player pauses; a new sink gives `newDeviceAvailable`
    /// and playback stays paused.
    @Test func unpluggedSinkPausesThePlayer() throws {
        let pulse = try PulseServer()
        let module = pulse.pactl("load-module", "module-null-sink", "sink_name=car")
        try #require(module.status == 0, "\(module.stderr)")
        pulse.pactl("set-default-sink", "car")
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        let client = try daemon.client()
        let watcher = try daemon.client()
        _ = try watcher.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.route]))
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        #expect(try eventually { try (client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime ?? 0) > 0.2 })

        pulse.pactl("unload-module", module.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let lost = try #require(try watcher.nextEvent(timeout: 3))
        #expect(lost.method == "route.changed")
        #expect(lost.params["reason"]?.text == "oldDeviceUnavailable")
        #expect(lost.params["previousSink"]?.text == "car")
        #expect(try eventually { try client.call(Methods.NowPlayingGet.self).playbackState == .paused })

        pulse.pactl("load-module", "module-null-sink", "sink_name=car2")
        let added = try #require(try watcher.nextEvent(timeout: 3))
        #expect(added.params["reason"]?.text == "newDeviceAvailable")
        #expect(added.params["sink"]?.text == "car2")
        // The player would act on the new sink as it says so: 0.3 s shows it does not.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == .paused)
    }

    /// A spoken-audio program run with `session exec` is muted while the player plays, and
    /// heard again once the paused player has released its session (`release_after`):
    /// the interruption ends with `shouldResume` and `rondo` activates the session again.
    @Test func execProgramResumesAfterThePlayerReleasesItsSession() throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-release")
        defer { scratch.remove() }
        let config = scratch.appending("rondo.toml")
        try "release_after = 1\n".write(toFile: config, atomically: true, encoding: .utf8)
        let podcast = scratch.appending("podcast700.wav")
        try #require(
            Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "2", "-b", "16", podcast, "synth", "7", "sine", "700", "vol", "0.5"]) == 0)
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        try bench.queue("long440.mp3")

        let program = try startRondo(
            bench, ["session", "exec", "--category", "playback", "--mode", "spokenAudio", "--", "/usr/bin/paplay", podcast])
        #expect(bench.wait(upTo: 2) { bench.heardLevel(of: 700, over: 0.1) > fixtureToneLevel - 3 })
        try bench.send(.play)
        // The program's mute ramps down as the music rises.
        _ = bench.monitor.waitUntilHeard(within: 3) {
            SignalAnalysis.level($0, at: 700) < -50 && abs(SignalAnalysis.level($0, at: 440) - fixtureToneLevel) < 1.5
        }
        let both = bench.monitor.listen(for: 0.3)
        // −50 dBFS, not the silence floor: the 440 Hz tone leaks a little into the 700 Hz band.
        #expect(SignalAnalysis.level(both, at: 700) < -50, "the program is muted while the player plays")
        #expect(abs(SignalAnalysis.level(both, at: 440) - fixtureToneLevel) < 1.5)

        try bench.send(.pause)
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 700, over: 0.1) > fixtureToneLevel - 3 })
        #expect(try playerSession(bench)?.state == .inactive)
        #expect(program.wait() == 0)
    }

    /// A prompt whose client is killed stops sounding and its session ends, as every
    /// session ends with its connection.
    @Test func killedPromptClientEndsThePrompt() throws {
        let bench = try AudioTestBench()
        let prompt = try startRondo(bench, ["prompt", Fixtures.path("long440.mp3")])
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 440, over: 0.1) > fixtureToneLevel - 3 })
        #expect(try bench.client.call(Methods.SessionList.self).contains { $0.name == "prompt" && $0.state == .active })
        prompt.signal(SIGKILL)
        _ = prompt.wait()
        #expect(try bench.wait(upTo: 2) { try !bench.client.call(Methods.SessionList.self).contains { $0.name == "prompt" } })
        bench.waitUntilSilent(at: 440)
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel)
    }

    /// A program left ducked by a session is heard at its full level again once the daemon
    /// stops (SIGTERM): its sessions end with their connections on the way out, and a daemon
    /// that is gone leaves no program quiet.
    @Test func stoppingTheDaemonRestoresDuckedPrograms() throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-restore")
        defer { scratch.remove() }
        let tone = scratch.appending("tone700.wav")
        try #require(
            Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "2", "-b", "16", tone, "synth", "30", "sine", "700", "vol", "0.5"]) == 0)
        let bench = try AudioTestBench()
        let program = try startRondo(bench, ["session", "exec", "--category", "playback", "--", "/usr/bin/paplay", tone])
        let reference = bench.steadyLevel(of: 700)
        #expect(abs(reference - fixtureToneLevel) < 1.5, "the program is heard at \(reference) dBFS")
        let ducker = try bench.daemon.client()
        let session = try ducker.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "nav", category: .playback, options: [.duckOthers]))
        _ = try ducker.call(Methods.SessionActivate.self, session)
        bench.waitUntilHeard(700, near: reference + Self.duckDecibels)
        #expect(abs(bench.heardLevel(of: 700, over: 0.3) - reference - Self.duckDecibels) < 1.5)

        #expect(bench.daemon.stop() == 0)
        // PipeWire acknowledges a volume before its graph applies it.
        var level = -200.0
        #expect(
            bench.wait(upTo: 2) {
                level = bench.heardLevel(of: 700, over: 0.3)
                return abs(level - reference) < 1
            }, "the program is back at its level: \(level) dBFS, \(reference) dBFS before the duck")
        _ = program.terminate()
    }

    /// The daemon is one client of the audio server while its music plays ducked under a
    /// client's session and a voice prompt of its own plays: the engine's stream, the
    /// sessions' gains and the prompt share one connection.
    @Test func oneServerConnectionCarriesMusicSessionsAndPrompts() throws {
        let bench = try AudioTestBench()
        _ = try bench.playToneReference()
        let ducker = try bench.daemon.client()
        let session = try ducker.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "nav", category: .playback, options: [.duckOthers]))
        _ = try ducker.call(Methods.SessionActivate.self, session)
        #expect(try bench.wait(upTo: 2) { try playerSession(bench)?.state == .ducked })

        let prompt = try startRondo(bench, ["prompt", Fixtures.path("prompt1000.wav")])
        defer { _ = prompt.wait() }
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 1000, over: 0.05) > fixtureToneLevel - 12 }, "the prompt is heard")
        let clients = bench.pulse.pactl("list", "clients").stdout
        let daemonClients = clients.components(separatedBy: "application.process.id = \"\(bench.daemon.pid)\"").count - 1
        let sinkInputs = bench.pulse.pactl("list", "sink-inputs").stdout
        #expect(sinkInputs.contains(#"media.role = "navigation""#), "the prompt plays")
        #expect(sinkInputs.contains(#"media.role = "music""#), "the music plays")
        #expect(daemonClients == 1, "rondod is \(daemonClients) clients of the server:\n\(clients)")
    }
}
