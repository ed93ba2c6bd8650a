import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// rondod never serves through a directory another user could change (issue: a real
/// systemd user service): it refuses with exit status 78 and says why.
struct SocketDirectoryTests {
    /// Runs rondod on `socket` to completion (it exits at once when it refuses).
    private func runDaemon(socket: String, in directory: TemporaryDirectory) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture(
            [BuiltProducts.rondod, "--socket", socket, "--database", directory.appending("library.sqlite")],
            environment: [
                "XDG_CONFIG_HOME": directory.appending("config"),
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"),
            ])
    }

    /// Starts rondod on `socket` and waits up to 5 s for it to answer.
    private func startDaemon(socket: String, in directory: TemporaryDirectory) throws -> (ChildProcess, answered: Bool) {
        let daemon = try ChildProcess(
            [BuiltProducts.rondod, "--socket", socket, "--database", directory.appending("library.sqlite")],
            environment: [
                "XDG_CONFIG_HOME": directory.appending("config"),
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"),
            ])
        var answered = false
        for _ in 0..<200 where !answered {
            answered = (try? RondoClient(socketPath: socket).call(Methods.DaemonInfoMethod.self)) != nil
            if !answered { Thread.sleep(forTimeInterval: 0.025) }
        }
        return (daemon, answered)
    }

    /// A directory every user may write to, without the sticky bit, is refused.
    @Test func worldWritableDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-socketdir")
        defer { directory.remove() }
        let open = directory.appending("open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        chmod(open, 0o777)
        let run = runDaemon(socket: open + "/rondo.sock", in: directory)
        #expect(run.status == 78)
        #expect(run.stderr.contains("refusing to serve in \(open): every user may write to it (mode 0777)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: open + "/rondo.sock"))
    }

    /// A directory of another user is refused, even one that does not let others write.
    @Test(.enabled(if: getuid() == 0, "needs root to give a directory to another user"))
    func anotherUsersDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-socketdir")
        defer { directory.remove() }
        let theirs = directory.appending("theirs")
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false)
        chown(theirs, 65534, 65534)
        let run = runDaemon(socket: theirs + "/rondo.sock", in: directory)
        #expect(run.status == 78)
        #expect(run.stderr.contains("refusing to serve in \(theirs): it belongs to uid 65534"), "\(run.stderr)")
    }

    /// A directory that members of another group may write to (0770, group nogroup) is
    /// refused: one of them could replace the socket.
    @Test(.enabled(if: getuid() == 0, "needs root to give a directory to another group"))
    func directoryWritableByAnotherGroupIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-socketdir")
        defer { directory.remove() }
        let shared = directory.appending("group-shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chown(shared, 0, 65534)
        chmod(shared, 0o770)
        let run = runDaemon(socket: shared + "/rondo.sock", in: directory)
        #expect(run.status == 78)
        #expect(
            run.stderr.contains("refusing to serve in \(shared): the members of group nogroup may write to it (mode 0770)"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shared + "/rondo.sock"))
    }

    /// A directory writable by the user's own group alone (root's group, for root) is accepted.
    @Test(.enabled(if: getuid() == 0, "root's private group is the one this test can rely on"))
    func directoryWritableByOwnGroupIsAccepted() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-socketdir")
        defer { directory.remove() }
        let own = directory.appending("own-group")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
        chown(own, 0, 0)
        chmod(own, 0o770)
        let (daemon, answered) = try startDaemon(socket: own + "/rondo.sock", in: directory)
        #expect(answered)
        #expect(daemon.terminate() == 0)
    }

    /// A world-writable directory with the sticky bit (as `/tmp`) is accepted, and a missing
    /// directory below it is created for this user alone.
    @Test func stickyDirectoryIsAcceptedAndMissingOnesAreCreatedPrivate() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-socketdir")
        defer { directory.remove() }
        let shared = directory.appending("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chmod(shared, 0o1777)
        let (daemon, answered) = try startDaemon(socket: shared + "/mine/rondo.sock", in: directory)
        #expect(answered)
        var status = stat()
        #expect(stat(shared + "/mine", &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(daemon.terminate() == 0)
    }
}
