import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// `rondo session …`, `prompt-style` and `prompt` as the built binary, against a daemon.
struct SessionCLITests {
    private func rondo(_ arguments: [String], daemon: DaemonProcess, environment: [String: String?] = [:]) -> CLIRun {
        let result = Subprocess.capture(
            [BuiltProducts.rondo] + arguments,
            environment: environment.merging(["RONDO_SOCKET": daemon.socketPath]) { $1 })
        return CLIRun(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// `session exec` runs the command with the session's id added to `PULSE_PROP`, while
    /// the session is listed as active, and exits with the command's own status.
    @Test func sessionExecRunsTheCommandInsideAnActiveSession() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let script = "echo \"$PULSE_PROP\"; \(BuiltProducts.rondo) --json session list; exit 7"
        let run = rondo(
            ["session", "exec", "--category", "ambient", "--name", "probe", "--", "/bin/sh", "-c", script],
            daemon: daemon, environment: ["PULSE_PROP": "media.role=game"])
        #expect(run.status == 7, "\(run)")
        let lines = run.lines
        try #require(lines.count == 2, "\(run)")
        let sessions = try JSONValue.parse(lines[1])
        guard case .array(let list) = sessions else {
            Issue.record("not a list: \(lines[1])")
            return
        }
        let probe = try #require(list.first { $0["name"]?.text == "probe" })
        let id = try #require(probe["session"]?.text)
        #expect(lines[0] == "media.role=game \(SessionProperty.name)=\"\(id)\"")
        #expect(probe["state"]?.text == "active")
        #expect(probe["category"]?.text == "ambient")
        #expect(rondo(["session", "list"], daemon: daemon).stdout.contains("probe") == false)
    }

    /// A command that cannot be started exits as a shell would (127 not found, 126 not
    /// executable) and leaves no session behind.
    @Test(arguments: [("/nonexistent/rondo-command", Int32(127)), ("/etc/hostname", Int32(126))])
    func sessionExecOfACommandThatCannotRun(command: String, status: Int32) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let run = rondo(["session", "exec", "--category", "playback", "--name", "doomed", "--", command], daemon: daemon)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr.contains("cannot run \(command)"))
        #expect(!rondo(["session", "list"], daemon: daemon).stdout.contains("doomed"))
    }

    /// SIGTERM to `rondo session exec` stops the command too, and the session ends with it.
    @Test func sessionExecPassesSIGTERMToTheCommand() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let marker = daemon.directory.appending("still-running")
        let process = try ChildProcess(
            [
                BuiltProducts.rondo, "session", "exec", "--category", "ambient", "--name", "sleeper", "--", "/bin/sh", "-c",
                "sleep 20; touch \(marker)",
            ],
            environment: ["RONDO_SOCKET": daemon.socketPath])
        let client = try daemon.client()
        for _ in 0..<250 where try !client.call(Methods.SessionList.self).contains(where: { $0.name == "sleeper" }) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        try #require(try client.call(Methods.SessionList.self).contains { $0.name == "sleeper" && $0.state == .active })
        process.signal(SIGTERM)
        #expect(process.wait() == 128 + SIGTERM)
        #expect(try !client.call(Methods.SessionList.self).contains { $0.name == "sleeper" })
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// An impossible session is refused before the command runs: exit 1 and the reason.
    @Test(arguments: [
        (["--category", "record", "--option", "mixWithOthers"], "mixWithOthers"),
        (["--category", "loud"], "unknown category 'loud'"),
        (["--category", "playback", "--mode", "karaoke"], "unknown mode 'karaoke'"),
    ])
    func impossibleSessionIsRefused(options: [String], message: String) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let marker = daemon.directory.appending("ran")
        let run = rondo(["session", "exec"] + options + ["--", "/usr/bin/touch", marker], daemon: daemon)
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(message), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// `prompt-style` prints the style: `normal` with nothing active.
    @Test func promptStyleIsNormalWhenIdle() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        #expect(rondo(["prompt-style"], daemon: daemon).stdout == "normal\n")
        #expect(try JSONValue.parse(rondo(["prompt-style", "--json"], daemon: daemon).stdout)["promptStyle"]?.text == "normal")
    }

    /// `session list` always shows the daemon's own player session, inactive until it plays.
    @Test func sessionListShowsThePlayer() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let run = rondo(["session", "list"], daemon: daemon)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("rondo.player  inactive  gain 1.0  playback/default  rondod"), "\(run)")
    }

    /// `prompt` of a missing file fails with the daemon's reason and exit 1.
    @Test func promptOfAMissingFileFails() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let run = rondo(["prompt", "/nonexistent/prompt.wav"], daemon: daemon)
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot read the prompt file /nonexistent/prompt.wav"), "\(run)")
    }
}
