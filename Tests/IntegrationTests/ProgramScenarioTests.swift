import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// `rondo scenario run --live` with scenarios that start real programs (SPEC §16
/// "Scenarios"): `paplay` and `mpv` with stream properties, adopted by the daemon on a
/// private audio server as other programs' streams are.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("real programs' streams, adopted by the daemon from the server"))
struct ProgramScenarioTests {
    private static let scenarios = BuiltProducts.packageRoot + "/Tests/Scenarios"

    /// The repository's scenario files that spawn programs, by policy.
    private static var programFiles: [String: [String]] {
        get throws {
            var files: [String: [String]] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: scenarios).sorted()
            where name.hasSuffix(".toml") {
                let path = scenarios + "/" + name
                let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                guard lines.contains(where: { $0.hasPrefix("spawn ") }) else { continue }
                let policy = lines.first { $0.hasPrefix("policy = ") }?.split(separator: "\"").dropFirst().first
                files[policy.map(String.init) ?? "default", default: []].append(path)
            }
            return files
        }
    }

    /// A daemon on `pulse` under `policy`, found among the scenarios' own policies when it is
    /// not a packaged one.
    private func daemon(on pulse: PulseServer, policy: String, config: TemporaryDirectory) throws -> DaemonProcess {
        guard policy != "default" else { return try DaemonProcess(pulseServer: pulse.server) }
        let policies = config.appending("rondo/policies")
        try FileManager.default.createDirectory(atPath: policies, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.scenarios + "/policies/\(policy).toml", toPath: policies + "/\(policy).toml")
        return try DaemonProcess(
            pulseServer: pulse.server, arguments: ["--policy", policy], environment: ["XDG_CONFIG_HOME": config.path])
    }

    /// Runs the built `rondo scenario run` with `arguments` against `daemon`, its programs
    /// on `pulse` (and, on PipeWire, able to reach PipeWire itself).
    private func scenarioRun(_ arguments: [String], daemon: DaemonProcess, pulse: PulseServer) -> CLIRun {
        var environment: [String: String?] = ["RONDO_SOCKET": daemon.socketPath, "PULSE_SERVER": pulse.server]
        if let runtime = pulse.pipeWireRuntimeDirectory {
            environment["XDG_RUNTIME_DIR"] = runtime
            environment["PIPEWIRE_REMOTE"] = "pipewire-0"
        }
        let result = Subprocess.capture([BuiltProducts.rondo, "scenario", "run"] + arguments, environment: environment)
        return CLIRun(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// The streams playing on `pulse` now.
    private func sinkInputs(_ pulse: PulseServer) -> [Substring] {
        pulse.pactl("list", "short", "sink-inputs").stdout.split(separator: "\n")
    }

    /// Runs every program scenario with `extra` arguments, each on a fresh server and daemon
    /// under its policy, and checks that each passes and leaves no program playing and no
    /// foreign session behind. A fresh server each: WirePlumber remembers the volume a
    /// stream of a role ended with and gives it to the next stream of that role, and a
    /// program that ends interrupted ends faded out to silence.
    private func runEveryProgramScenario(_ extra: [String]) throws -> [CLIRun] {
        let groups = try Self.programFiles
        #expect(groups.values.reduce(0) { $0 + $1.count } >= 8, "\(groups)")
        var runs: [CLIRun] = []
        for (policy, files) in groups.sorted(by: { $0.key < $1.key }) {
            for file in files {
                let pulse = try PulseServer()
                let config = try TemporaryDirectory()
                defer { config.remove() }
                let daemon = try daemon(on: pulse, policy: policy, config: config)
                defer { _ = daemon.stop() }
                let run = scenarioRun(["--live"] + extra + [file], daemon: daemon, pulse: pulse)
                #expect(run.status == 0, "\(run)")
                #expect(run.lines.last?.hasSuffix(" passed, 0 failed") == true, "\(run)")
                #expect(sinkInputs(pulse).isEmpty, "every program ended: \(sinkInputs(pulse))")
                let foreign = try daemon.client().call(Methods.SessionList.self).filter { $0.foreign != nil }
                #expect(foreign.isEmpty, "\(foreign)")
                runs.append(run)
            }
        }
        return runs
    }

    /// Every scenario of real programs passes on the daemon's live arbiter: each program's
    /// stream becomes the session its properties call for, ducked, interrupted, refused,
    /// paused and resumed as the scenario expects; afterwards no program plays.
    @Test func everyProgramScenarioPassesLive() throws {
        _ = try runEveryProgramScenario([])
    }

    /// With `--audio`, every program's tone is heard at the monitor at the level its state
    /// calls for: a ducked player 20·log10(0.3) ≈ −10.5 dB under its reference, an
    /// interrupted one silent.
    @Test func everyProgramScenarioPassesByEar() throws {
        let output = try runEveryProgramScenario(["--audio"]).map(\.stdout).joined()
        let ducked = output.split(separator: "\n").first { $0.contains("♪ player 660 Hz ducked") }
        let line = try #require(ducked, "\(output)")
        let difference = try #require(
            line.components(separatedBy: " dB from reference").first?.split(separator: " ").last.flatMap { Double($0) })
        #expect(abs(difference - 20 * log10(0.3)) <= 1.5, "\(line)")
        #expect(output.contains("♪ player 660 Hz interrupted"), "\(output)")
    }

    /// A scenario that spawns programs, run without `--live`, is a usage error (exit 2)
    /// naming its file, line and why, and starts nothing.
    @Test func spawningWithoutLiveIsAUsageError() throws {
        let pulse = try PulseServer()
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        defer { _ = daemon.stop() }
        let file = Self.scenarios + "/programs-navigation-ducks-a-player.toml"
        let run = scenarioRun([file], daemon: daemon, pulse: pulse)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("\(file):5: this scenario starts real programs (player)"), "\(run)")
        #expect(run.stderr.contains("run it with --live"), "\(run)")
        #expect(run.stdout.isEmpty, "\(run)")
        #expect(sinkInputs(pulse).isEmpty)
    }

    /// A program whose stream no rule adopts stops the run at its step, saying why, and is
    /// ended: nothing of it plays on.
    @Test func aProgramNoRuleAdoptsStopsTheRun() throws {
        let pulse = try PulseServer()
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        defer { _ = daemon.stop() }
        let file = daemon.directory.appending("unruled.toml")
        try """
        name = "A stream without a role"

        [[step]]
        spawn = ["paplay"]
        id = "other"
        tone = 660

        [[step]]
        do = "stop other"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = scenarioRun(["--live", file], daemon: daemon, pulse: pulse)
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stdout.contains("✘ stopped in step 1: programFailed: no session became of other's stream within 5.0 s"),
            "\(run)")
        #expect(run.stdout.contains("✘ step 2: stop other (not run)"), "\(run)")
        #expect(sinkInputs(pulse).isEmpty, "\(sinkInputs(pulse))")
    }

    /// A native PipeWire client (`pw-play`) takes its role from `PIPEWIRE_PROPS`, is found
    /// by it though pipewire-pulse gives its stream no pid, and ducks another player as a
    /// navigation prompt. (Not by ear: the session manager links a native stream to a sink
    /// of its choosing, not always the one whose monitor is recorded.)
    @Test(.enabled(if: PulseServer.Kind.current == .pipewire, "pw-play needs a PipeWire server"))
    func aNativePipeWireClientCarriesTheProperties() throws {
        let pulse = try PulseServer()
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        defer { _ = daemon.stop() }
        let file = daemon.directory.appending("pipewire.toml")
        try """
        name = "pw-play's prompt ducks a player"

        [[step]]
        spawn = ["paplay"]
        id = "player"
        properties = { "media.role" = "music" }
        tone = 660

        [[step]]
        spawn = ["pw-play", "-"]
        id = "nav"
        properties = { "media.role" = "Navigation" }
        tone = 990
        expect = { nav = "active", player = "ducked", gain.player = 0.3 }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = scenarioRun(["--live", file], daemon: daemon, pulse: pulse)
        #expect(run.status == 0, "\(run)")
        #expect(run.lines.last == "2 passed, 0 failed", "\(run)")
    }
}
