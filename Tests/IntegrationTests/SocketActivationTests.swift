import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// rondod started by systemd's socket activation (sd_listen_fds(3)): it serves on the socket
/// it is passed and leaves that socket to systemd.
struct SocketActivationTests {
    /// Started by `systemd-socket-activate`, rondod answers on the passed socket (the CLI's
    /// `status` and `daemon.info`), and after SIGTERM exits 0 and leaves the socket file,
    /// which systemd owns.
    @Test func servesOnThePassedSocketAndLeavesIt() throws {
        let daemon = try DaemonProcess(pulseServer: nil, socketActivated: true)
        let info = try daemon.client().call(Methods.DaemonInfoMethod.self)
        #expect(info.socket == daemon.socketPath)
        let status = Subprocess.capture([BuiltProducts.rondo, "--socket", daemon.socketPath, "status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasPrefix("stopped"), "\(status.stdout)")
        #expect(daemon.log.contains("(socket from systemd)"), "\(daemon.log)")
        #expect(daemon.stop() == 0)
        var file = stat()
        #expect(lstat(daemon.socketPath, &file) == 0 && file.st_mode & S_IFMT == S_IFSOCK)
    }

    /// `LISTEN_FDS` meant for another process (its `LISTEN_PID`) is ignored: rondod binds
    /// its socket itself, and removes it when it stops.
    @Test func anotherProcessesSocketsAreIgnored() throws {
        let daemon = try DaemonProcess(pulseServer: nil, environment: ["LISTEN_FDS": "1", "LISTEN_PID": "1"])
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).pid == daemon.pid)
        #expect(!daemon.log.contains("socket from systemd"), "\(daemon.log)")
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    /// A descriptor 3 that is not a listening Unix stream socket stops rondod with a
    /// message saying what the socket unit must declare.
    @Test func aPassedFileThatIsNotASocketIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-activation")
        defer { directory.remove() }
        let script = "exec 3</dev/null; LISTEN_PID=$$ LISTEN_FDS=1 exec \"$0\" --socket \"$1\" --database \"$2\""
        let run = Subprocess.capture(
            ["/bin/sh", "-c", script, BuiltProducts.rondod, directory.appending("rondo.sock"), directory.appending("db.sqlite")],
            environment: ["PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"), "XDG_CONFIG_HOME": directory.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("not a Unix stream socket; use ListenStream="), "\(run.stderr)")
    }
}
