import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Spawning
import Testing

/// Other programs' streams ruled by the arbiter (SPEC §16), heard at the monitor: `paplay`
/// with a `media.role` stands for a navigation app, a softphone and another music player,
/// none of which knows Rondo.
@Suite(.dependsOnAudioServer("other programs' streams as the server reports them: roles, volumes, removal"))
struct ForeignStreamByEarTests {
    /// The linear gain ducked sessions get under the default policy, in dB.
    static let duckDecibels = 20 * log10(0.3)

    /// Starts `paplay` on the bench's server with `media.role` set to `role` (none: `nil`).
    private func paplay(_ bench: AudioTestBench, _ fixture: String, role: String?) throws -> ChildProcess {
        try ChildProcess(
            ["/usr/bin/paplay"] + (role.map { ["--property=media.role=\($0)"] } ?? []) + [Fixtures.path(fixture)],
            environment: ["PULSE_SERVER": bench.pulse.server])
    }

    /// The foreign sessions `session.list` shows now.
    private func foreignSessions(_ bench: AudioTestBench) throws -> [SessionInfo] {
        try bench.client.call(Methods.SessionList.self).filter { $0.foreign != nil }
    }

    /// The player's session as `session.list` shows it.
    private func playerSession(_ bench: AudioTestBench) throws -> SessionInfo? {
        try bench.client.call(Methods.SessionList.self).first { $0.session == "rondo.player" }
    }

    /// A navigation app's prompt, which knows nothing of Rondo, ducks Rondo's music by the
    /// policy's duck, is listed as a foreign session, and the music is back at its level once
    /// the prompt's program ends.
    @Test func aForeignPromptDucksTheMusic() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let prompt = try paplay(bench, "prompt1000-long.wav", role: "navigation")
        defer { _ = prompt.terminate() }

        #expect(bench.waitUntilHeard(440, near: reference + Self.duckDecibels))
        let ducked = bench.heardLevel(of: 440, over: 0.4)
        #expect(abs(ducked - reference - Self.duckDecibels) < 1.5, "ducked \(ducked) dBFS, reference \(reference) dBFS")
        #expect(try playerSession(bench)?.state == .ducked)
        let foreign = try #require(try foreignSessions(bench).first)
        #expect(foreign.state == .active)
        #expect(foreign.mode == .voicePrompt)
        // paplay is pacat under another name: the binary is pacat.
        #expect(foreign.foreign?.binary == "pacat")
        #expect(foreign.foreign?.mediaRole == "navigation")
        #expect(foreign.foreign?.pid == prompt.pid)
        let listed = Subprocess.capture([BuiltProducts.rondo, "session", "list"], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(
            listed.stdout.contains("pacat pid \(prompt.pid) role navigation sink input \(foreign.foreign?.sinkInput ?? 0) (id \(foreign.session))"),
            "\(listed.stdout)")

        _ = prompt.terminate()
        #expect(bench.waitUntilHeard(440, near: reference))
        #expect(try bench.wait(upTo: 2) { try foreignSessions(bench).isEmpty && playerSession(bench)?.state == .active })
    }

    /// A program killed mid-prompt leaves no duck behind: its stream's removal brings the
    /// music back within the policy's 50 ms ramp, so 100 ms after the kill it is whole.
    @Test func aPromptKilledMidwayLeavesNoDuck() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let prompt = try paplay(bench, "prompt1000-long.wav", role: "Navigation")
        #expect(bench.waitUntilHeard(440, near: reference + Self.duckDecibels))

        let killedAt = Date()
        prompt.signal(SIGKILL)
        _ = prompt.wait()
        #expect(bench.wait(upTo: 3) { !bench.monitor.samples(from: killedAt.addingTimeInterval(0.45), to: Date()).isEmpty })
        let after = bench.monitor.samples(from: killedAt.addingTimeInterval(0.1), to: killedAt.addingTimeInterval(0.4))
        let level = SignalAnalysis.level(after, at: 440)
        #expect(abs(level - reference) < 1, "the music 100–400 ms after the kill: \(level) dBFS, \(reference) dBFS before")
        #expect(try bench.wait(upTo: 2) { try foreignSessions(bench).isEmpty })
    }

    /// A call from another program interrupts Rondo's music (silent, `interrupted`), refuses
    /// `play` and makes prompts short; when the call's program ends, the music plays again by
    /// itself.
    @Test func aForeignCallInterruptsTheMusicUntilItEnds() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let call = try paplay(bench, "call1500.wav", role: "phone")
        defer { _ = call.terminate() }

        #expect(try bench.wait(upTo: 3) { try bench.nowPlaying().playbackState == .interrupted })
        #expect(bench.waitUntilSilent(at: 440))
        #expect(bench.heardLevel(of: 1500, over: 0.3) > fixtureToneLevel - 1.5, "the call is heard")
        let session = try #require(try foreignSessions(bench).first)
        #expect(session.category == .playAndRecord && session.mode == .voiceChat && session.state == .active)
        #expect(try bench.send(.play) != .success, "play is refused during a call")
        #expect(try bench.client.call(Methods.SessionPromptStyle.self, PromptStyleParams()).promptStyle == .short)

        _ = call.terminate()
        #expect(bench.waitUntilHeard(440, near: reference, upTo: 5))
        #expect(try bench.nowPlaying().playbackState == .playing)
    }

    /// Another player's music (role `music`) falls silent under a foreign call, its session
    /// `interrupted`, and is heard again at its level when the call ends.
    @Test func anotherPlayerIsSilencedDuringACall() throws {
        let bench = try AudioTestBench()
        let music = try paplay(bench, "music660.wav", role: "music")
        defer { _ = music.terminate() }
        let reference = bench.steadyLevel(of: 660)
        #expect(abs(reference - fixtureToneLevel) < 1.5, "the other player at \(reference) dBFS")
        let call = try paplay(bench, "call1500.wav", role: "phone")
        defer { _ = call.terminate() }

        #expect(bench.waitUntilSilent(at: 660))
        let sessions = try foreignSessions(bench)
        #expect(sessions.first { $0.foreign?.mediaRole == "music" }?.state == .interrupted, "\(sessions)")

        _ = call.terminate()
        #expect(bench.waitUntilHeard(660, near: reference, upTo: 5))
        #expect(try bench.wait(upTo: 2) { try foreignSessions(bench).first?.state == .active })
    }

    /// A volume the listener sets on another player while a prompt ducks it is the volume it
    /// has once the prompt ends: the duck restores theirs, not the one from before.
    @Test func theListenersVolumeOutlivesADuck() throws {
        let bench = try AudioTestBench()
        let music = try paplay(bench, "music660.wav", role: "music")
        defer { _ = music.terminate() }
        let reference = bench.steadyLevel(of: 660)
        let prompt = try paplay(bench, "prompt1000-long.wav", role: "navigation")
        defer { _ = prompt.terminate() }
        #expect(bench.waitUntilHeard(660, near: reference + Self.duckDecibels))
        let player = try #require(try foreignSessions(bench).first { $0.foreign?.mediaRole == "music" }?.foreign?.sinkInput)

        #expect(bench.pulse.pactl("set-sink-input-volume", "\(player)", "50%").status == 0)
        _ = prompt.terminate()
        // 50 % of PulseAudio's cubic scale is a linear gain of 0.125.
        let listeners = reference + 20 * log10(0.125)
        #expect(bench.waitUntilHeard(660, near: listeners))
        #expect(try bench.wait(upTo: 2) { try foreignSessions(bench).count == 1 })
        let level = bench.heardLevel(of: 660, over: 0.4)
        #expect(abs(level - listeners) < 1.5, "after the prompt \(level) dBFS, the listener's \(listeners) dBFS")
    }

    /// A stream no rule names (no role) plays on untouched beside Rondo's music.
    @Test func aStreamNoRuleNamesIsLeftAlone() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let other = try paplay(bench, "music660.wav", role: nil)
        defer { _ = other.terminate() }
        let level = bench.steadyLevel(of: 660)
        #expect(abs(level - fixtureToneLevel) < 1.5)
        #expect(abs(bench.heardLevel(of: 440, over: 0.4) - reference) < 1.5)
        #expect(try foreignSessions(bench).isEmpty)
        #expect(try bench.nowPlaying().playbackState == .playing)
    }

    /// `[focus] adopt = "off"`: a navigation prompt of another program leaves the music as it is.
    @Test func adoptionOffTouchesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.appending("rondo.toml")
        try "[focus]\nadopt = \"off\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        let reference = try bench.playToneReference()
        let prompt = try paplay(bench, "prompt1000-long.wav", role: "navigation")
        defer { _ = prompt.terminate() }
        #expect(bench.wait(upTo: 3) { bench.heardLevel(of: 1000, over: 0.1) > fixtureToneLevel - 3 })
        let level = bench.heardLevel(of: 440, over: 0.5)
        #expect(abs(level - reference) < 1, "the music under the prompt: \(level) dBFS, \(reference) dBFS before")
        #expect(try foreignSessions(bench).isEmpty)
        #expect(try playerSession(bench)?.state == .active)
    }

    /// With a rule for it, a dictation tool recording (`arecord`) interrupts the music and
    /// silences prompts (`promptStyle` `none`) until it stops; then the music plays again.
    @Test func aDictationToolPausesTheMusicWhileItListens() throws {
        let policies = try TemporaryDirectory()
        defer { policies.remove() }
        let packaged = try String(contentsOfFile: BuiltProducts.packageRoot + "/Config/policies/default.toml", encoding: .utf8)
        // arecord is aplay under another name: its streams say binary "aplay".
        let rule = "\n[[adopt]]\nwhen = { binary = \"aplay\" }\nstream = \"capture\"\ncategory = \"record\"\n"
        try FileManager.default.createDirectory(atPath: policies.appending("rondo/policies"), withIntermediateDirectories: true)
        try (packaged.replacingOccurrences(of: "name = \"default\"", with: "name = \"dictation\"") + rule)
            .write(toFile: policies.appending("rondo/policies/dictation.toml"), atomically: true, encoding: .utf8)
        let bench = try AudioTestBench(daemonArguments: ["--policy", "dictation"], daemonEnvironment: ["XDG_CONFIG_HOME": policies.path])
        let reference = try bench.playToneReference()

        let dictation = try ChildProcess(
            ["/usr/bin/arecord", "-q", "-D", "pulse", "-f", "S16_LE", "-r", "16000", "-c", "1", "-t", "raw", "/dev/null"],
            environment: ["PULSE_SERVER": bench.pulse.server])
        defer { _ = dictation.terminate() }
        #expect(try bench.wait(upTo: 3) { try bench.nowPlaying().playbackState == .interrupted })
        #expect(bench.waitUntilSilent(at: 440))
        #expect(try bench.client.call(Methods.SessionPromptStyle.self, PromptStyleParams()).promptStyle == .none)
        let session = try #require(try foreignSessions(bench).first)
        #expect(session.category == .record && session.foreign?.sourceOutput != nil)

        _ = dictation.terminate()
        #expect(bench.waitUntilHeard(440, near: reference, upTo: 5))
        #expect(try bench.client.call(Methods.SessionPromptStyle.self, PromptStyleParams()).promptStyle == .normal)
    }

    /// A native PipeWire client that sets its role (`pw-play --media-role Navigation`) is
    /// adopted through pipewire-pulse as a PulseAudio client is, and ducks the music.
    @Test(.enabled(if: PulseServer.Kind.current == .pipewire, "pw-play needs a PipeWire server"))
    func aNativePipeWireClientIsAdoptedByItsRole() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let runtime = try #require(bench.pulse.pipeWireRuntimeDirectory)
        let prompt = try ChildProcess(
            ["/usr/bin/pw-play", "--media-role", "Navigation", Fixtures.path("prompt1000-long.wav")],
            environment: ["XDG_RUNTIME_DIR": runtime, "PIPEWIRE_REMOTE": "pipewire-0"])
        defer { _ = prompt.terminate() }

        #expect(bench.waitUntilHeard(440, near: reference + Self.duckDecibels))
        let session = try #require(try foreignSessions(bench).first)
        #expect(session.foreign?.mediaRole == "Navigation")
        #expect(session.mode == .voicePrompt)
        _ = prompt.terminate()
        #expect(bench.waitUntilHeard(440, near: reference))
    }

    /// A screen reader's voice (speech-dispatcher, started by `spd-say` on the bench's server)
    /// is a voice prompt by its application name: it ducks the music as a navigation prompt
    /// does, and the music is back at its level once its stream closes.
    @Test func aScreenReadersVoiceDucksTheMusic() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        let home = try TemporaryDirectory()
        defer { home.remove() }
        chmod(home.path, 0o700)
        let environment = [
            "PULSE_SERVER": bench.pulse.server, "XDG_RUNTIME_DIR": home.path, "HOME": home.path,
            "XDG_CONFIG_HOME": home.appending("config"),
        ]
        // spd-say starts speech-dispatcher, which outlives it: stopped by the pid it records.
        defer {
            let pidFile = home.appending("speech-dispatcher/pid/speech-dispatcher.pid")
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                Glibc.kill(pid, SIGTERM)
            }
        }
        let speech = try ChildProcess(
            ["/usr/bin/spd-say", "--wait", "The next turn is in four hundred metres, keep to the right lane and then turn left"],
            environment: environment)
        defer { _ = speech.terminate() }

        #expect(try bench.wait(upTo: 10) { try playerSession(bench)?.state == .ducked })
        let voice = try #require(try foreignSessions(bench).first { $0.foreign?.application?.hasPrefix("speech-dispatcher") == true })
        #expect(voice.mode == .voicePrompt)
        #expect(try playerSession(bench)?.gain == 0.3)

        #expect(speech.wait() == 0)
        // speech-dispatcher keeps its stream open, uncorked, until it has been idle for its
        // Timeout (5 s by default): the duck lasts as long as the stream does.
        #expect(try bench.wait(upTo: 12) { try playerSession(bench)?.state == .active })
        #expect(bench.waitUntilHeard(440, near: reference))
    }

    /// After the audio server restarts, the streams adopted before are gone from the
    /// sessions and the programs that play on the new server are adopted again.
    @Test func adoptionIsRebuiltAfterTheServerRestarts() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let environment = ["PULSE_SERVER": pulse.server]
        let music = try ChildProcess(["/usr/bin/paplay", "--property=media.role=music", Fixtures.path("music660.wav")], environment: environment)
        defer { _ = music.terminate() }
        let foreign = { try client.call(Methods.SessionList.self).filter { $0.foreign != nil } }
        #expect(try eventually { try foreign().first?.state == .active })

        pulse.kill()
        _ = music.wait()
        try pulse.start()
        #expect(eventually(within: 10) { daemon.log.contains("the audio server answers again") })
        #expect(try eventually { try foreign().isEmpty })
        let again = try ChildProcess(["/usr/bin/paplay", "--property=media.role=music", Fixtures.path("music660.wav")], environment: environment)
        defer { _ = again.terminate() }
        #expect(try eventually { try foreign().map(\.foreign?.pid) == [again.pid] && foreign().first?.state == .active })
    }

    /// A player that ends while a call has it faded out and muted does not leave that to its
    /// next stream: a server that restores a stream's last volume by its role
    /// (module-stream-restore here, WirePlumber's restore-stream on PipeWire) would start it
    /// silent, and the daemon gives it the listener's volume back.
    @Test func aPlayerEndedDuringACallStartsAtItsOwnLevelAfterIt() throws {
        let bench = try AudioTestBench()
        if bench.pulse.kind == .pulseaudio {
            #expect(bench.pulse.pactl("load-module", "module-stream-restore").status == 0)
        }
        let music = try paplay(bench, "music660.wav", role: "music")
        let reference = bench.steadyLevel(of: 660)
        let call = try paplay(bench, "call1500.wav", role: "phone")
        defer { _ = call.terminate() }
        #expect(bench.waitUntilSilent(at: 660))
        #expect(try bench.wait(upTo: 2) { try foreignSessions(bench).contains { $0.state == .interrupted } })
        _ = music.terminate()
        _ = call.terminate()
        #expect(try bench.wait(upTo: 3) { try foreignSessions(bench).isEmpty })

        let next = try paplay(bench, "music660.wav", role: "music")
        defer { _ = next.terminate() }
        #expect(bench.waitUntilHeard(660, near: reference, upTo: 5))
        #expect(try bench.wait(upTo: 2) { try foreignSessions(bench).first?.state == .active })
    }
}
