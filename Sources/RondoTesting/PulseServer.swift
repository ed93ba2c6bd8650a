import Foundation
import Glibc
import Synchronization

/// A private PulseAudio server with one null sink, so a test hears only its own audio.
///
/// Its monitor source (`<sink>.monitor`) is what a listener at that sink would hear.
public final class PulseServer: Sendable {
    /// The server string for `PULSE_SERVER`.
    public let server: String
    /// The null sink's name.
    public let sink = "rondo_test"
    private let directory: TemporaryDirectory
    private let process = Mutex<ChildProcess?>(nil)

    /// Starts the server and waits until it answers.
    /// - Throws: when `pulseaudio` cannot start.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-pulse")
        server = "unix:" + directory.appending("native")
        try FileManager.default.createDirectory(atPath: directory.appending("home"), withIntermediateDirectories: true)
        try start()
    }

    /// Starts the server (again, after ``kill()``) on the same socket and waits until it answers.
    /// - Throws: when `pulseaudio` cannot start.
    public func start() throws {
        let home = directory.appending("home")
        let child = try ChildProcess(
            [
                "/usr/bin/pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disable-shm=no",
                "--log-target=stderr",
                "--load=module-native-protocol-unix socket=\(directory.appending("native")) auth-anonymous=1",
                "--load=module-null-sink sink_name=\(sink) rate=44100",
                "--load=module-always-sink",
            ],
            environment: [
                "HOME": home, "PULSE_RUNTIME_PATH": directory.appending("runtime"),
                "XDG_RUNTIME_DIR": directory.appending("runtime"), "XDG_CONFIG_HOME": home,
            ])
        process.withLock { $0 = child }
        for _ in 0..<100 {
            if Subprocess.run(["/usr/bin/pactl", "info"], environment: ["PULSE_SERVER": server]) == 0 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "pulseaudio did not start"])
    }

    /// Kills the server with SIGKILL, as a crash would, and waits for it; ``start()`` brings
    /// it back on the same socket.
    public func kill() {
        guard let child = process.withLock({ $0.take() }) else { return }
        child.signal(SIGKILL)
        _ = child.wait()
    }

    /// Runs `pactl` against this server.
    @discardableResult
    public func pactl(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture(["/usr/bin/pactl"] + arguments, environment: ["PULSE_SERVER": server])
    }

    /// Stops the server and removes its files.
    public func stop() {
        _ = process.withLock { $0.take() }?.terminate()
        directory.remove()
    }

    deinit { stop() }
}
