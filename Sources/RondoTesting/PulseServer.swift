import Foundation

/// A private PulseAudio server with one null sink, so a test hears only its own audio.
///
/// Its monitor source (`<sink>.monitor`) is what a listener at that sink would hear.
public final class PulseServer: Sendable {
    /// The server string for `PULSE_SERVER`.
    public let server: String
    /// The null sink's name.
    public let sink = "rondo_test"
    private let directory: TemporaryDirectory
    private let process: ChildProcess

    /// Starts the server and waits until it answers.
    /// - Throws: when `pulseaudio` cannot start.
    public init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-pulse")
        let socket = directory.appending("native")
        server = "unix:" + socket
        let home = directory.appending("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        process = try ChildProcess(
            [
                "/usr/bin/pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disable-shm=no",
                "--log-target=stderr",
                "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
                "--load=module-null-sink sink_name=\(sink) rate=44100",
                "--load=module-always-sink",
            ],
            environment: [
                "HOME": home, "PULSE_RUNTIME_PATH": directory.appending("runtime"),
                "XDG_RUNTIME_DIR": directory.appending("runtime"), "XDG_CONFIG_HOME": home,
            ])
        for _ in 0..<100 {
            if Subprocess.run(["/usr/bin/pactl", "info"], environment: ["PULSE_SERVER": server]) == 0 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "pulseaudio did not start"])
    }

    /// Runs `pactl` against this server.
    @discardableResult
    public func pactl(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture(["/usr/bin/pactl"] + arguments, environment: ["PULSE_SERVER": server])
    }

    /// Stops the server and removes its files.
    public func stop() {
        process.terminate()
        directory.remove()
    }

    deinit { stop() }
}
