import Foundation
import Glibc
import Spawning
import Synchronization

/// A private D-Bus session bus (`dbus-daemon --session`) on a socket in its own directory,
/// for the MPRIS tests: started and stopped by PID, and restartable on the same address as a
/// desktop session's bus restarts.
public final class SessionBus: Sendable {
    /// The bus address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let directory: TemporaryDirectory
    private let process = Mutex<ChildProcess?>(nil)

    /// Starts the bus and waits until its socket exists.
    /// - Throws: when `dbus-daemon` cannot start.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-bus")
        address = "unix:path=" + directory.appending("bus")
        try start()
    }

    deinit { stop() }

    /// Starts `dbus-daemon` (again, after ``kill()``) on the same address.
    public func start() throws {
        let socket = directory.appending("bus")
        try? FileManager.default.removeItem(atPath: socket)
        let child = try ChildProcess(
            ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(address)"],
            standardError: .file(directory.appending("dbus-daemon.log")))
        process.withLock { $0 = child }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// Kills the bus with SIGKILL, as a crash would, and waits for it.
    public func kill() {
        guard
            let child = process.withLock({ child in
                defer { child = nil }
                return child
            })
        else { return }
        child.signal(SIGKILL)
        _ = child.wait()
    }

    /// Runs a D-Bus client (`playerctl`, `gdbus`, `busctl`) on this bus.
    /// - Returns: its exit status and output.
    public func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address])
    }

    /// Stops the bus and removes its directory.
    public func stop() {
        if let child = process.withLock({ child in
            defer { child = nil }
            return child
        }) {
            _ = child.terminate()
        }
        directory.remove()
    }
}
