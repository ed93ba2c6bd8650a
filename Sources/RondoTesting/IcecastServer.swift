import Foundation
import Glibc
import Spawning

/// A private Icecast 2 server (`/usr/bin/icecast2`) on 127.0.0.1 and a free port, with its
/// configuration, logs and pid file in a directory of its own: the radio station's server
/// for tests that play live streams. ``ToneStation`` feeds it.
///
/// A new listener of an MP3 mount gets ``burstSize`` bytes at once (Icecast's default
/// burst-on-connect: about 4 s at 128 kbit/s, from before the live edge), then the stream
/// as it comes; one that sends `Icy-MetaData: 1` gets an ICY metadata block every
/// ``metadataInterval`` bytes, and a song set by ``setSong(_:on:)`` in the first block
/// after the audio that was live when it was set. Stopped by PID (SIGTERM) on ``stop()``
/// or when the last reference goes.
public final class IcecastServer: Sendable {
    /// The password of the `source` user, who feeds a mount.
    public static let sourcePassword = "rondo-source"
    /// The password of the `admin` user.
    public static let adminPassword = "rondo-admin"
    /// The port it listens on.
    public let port: Int
    /// Bytes of burst-on-connect sent to a new listener of an MP3 mount.
    public let burstSize: Int
    /// Bytes of MP3 between two ICY metadata blocks (`icy-metaint`); small, so a song is
    /// marked within a quarter of a second of the audio it was set with.
    public let metadataInterval: Int
    private let directory: TemporaryDirectory
    private let process: ChildProcess

    /// How many ports it tries before giving up: one picked free may be taken before Icecast binds it.
    static let portAttempts = 5

    /// Starts `icecast2` and waits (up to 10 s) until it accepts connections.
    /// - Parameters:
    ///   - burstSize: bytes sent to a new listener at once (Icecast's default: 65535).
    ///   - metadataInterval: bytes of MP3 between ICY metadata blocks (Icecast's default: 16000).
    /// - Throws: when Icecast does not start.
    public init(burstSize: Int = 65_535, metadataInterval: Int = 4096) throws {
        self.burstSize = burstSize
        self.metadataInterval = metadataInterval
        directory = try TemporaryDirectory(prefix: "rondo-icecast")
        if let owner = IcecastConfiguration.unprivilegedOwner {
            _ = chown(directory.path, owner.uid, owner.gid)
        }
        let launched: (port: Int, process: ChildProcess)
        do {
            launched = try Self.launch(in: directory, burstSize: burstSize, metadataInterval: metadataInterval)
        } catch {
            directory.remove()
            throw error
        }
        port = launched.port
        process = launched.process
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT/MOUNT`: a mount's URL.
    /// - Parameter mount: the mount point, with its leading `/`.
    public func url(_ mount: String) -> String { "http://127.0.0.1:\(port)\(mount)" }

    /// What Icecast logged so far.
    public var log: String { (try? String(contentsOfFile: directory.appending("error.log"), encoding: .utf8)) ?? "" }

    /// Sets the song of an MP3 mount through the admin API (`mode=updinfo`): listeners get
    /// `StreamTitle='song'` in the metadata block that follows the audio now live.
    /// - Throws: when Icecast refuses (no such mount, or not MP3).
    public func setSong(_ song: String, on mount: String) throws {
        let query = "mount=\(Self.encoded(mount))&mode=updinfo&song=\(Self.encoded(song))"
        let reply = admin("metadata?" + query)
        guard reply.status == 0, reply.stdout.contains("<return>1</return>") else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "Icecast did not take the song: \(reply.stdout) \(reply.stderr)"])
        }
    }

    /// Waits up to `timeout` seconds until a source feeds `mount`.
    /// - Throws: when none does in time.
    public func waitForSource(on mount: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if admin("listmounts").stdout.contains("<source mount=\"\(mount)\">") { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let output = (try? String(contentsOfFile: directory.appending("icecast.out"), encoding: .utf8)) ?? ""
        let state = process.isRunning ? "icecast2 runs (pid \(process.pid))" : "icecast2 has exited"
        let listening = LoopbackSocket.isListening(port: port) ? "its port listens" : "nothing listens on its port \(port)"
        throw CocoaError(
            .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no source on \(mount): \(state), \(listening):\n\(log)\n\(output)"])
    }

    /// Stops Icecast (SIGTERM, SIGKILL after 3 s) and removes its directory.
    public func stop() {
        process.terminate(grace: 3)
        directory.remove()
    }

    /// One admin request (`/admin/PATH`) with the admin's basic auth, through `curl`.
    private func admin(_ path: String) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture([
            "/usr/bin/curl", "--silent", "--show-error", "--fail", "--max-time", "5", "--user", "admin:\(Self.adminPassword)",
            url("/admin/" + path),
        ])
    }

    /// Starts Icecast on a free port, trying another up to ``portAttempts`` times.
    private static func launch(
        in directory: TemporaryDirectory, burstSize: Int, metadataInterval: Int
    ) throws -> (port: Int, process: ChildProcess) {
        var lastError: any Error = CocoaError(.fileReadUnknown)
        for _ in 0..<portAttempts {
            do {
                return try launchOnce(in: directory, burstSize: burstSize, metadataInterval: metadataInterval)
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// Writes the configuration for a free port and starts Icecast on it.
    private static func launchOnce(
        in directory: TemporaryDirectory, burstSize: Int, metadataInterval: Int
    ) throws -> (port: Int, process: ChildProcess) {
        let configuration = IcecastConfiguration(
            port: try LoopbackSocket.freePort(), directory: directory.path, sourcePassword: sourcePassword,
            adminPassword: adminPassword, burstSize: burstSize, metadataInterval: metadataInterval)
        let file = directory.appending("icecast.xml")
        try configuration.xml.write(toFile: file, atomically: true, encoding: .utf8)
        let process = try ChildProcess(
            ["/usr/bin/icecast2", "-c", file], standardOutput: .file(directory.appending("icecast.out")),
            standardError: .file(directory.appending("icecast.out")))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if LoopbackSocket.isListening(port: configuration.port) { return (configuration.port, process) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate(grace: 1)
        let output = (try? String(contentsOfFile: directory.appending("icecast.out"), encoding: .utf8)) ?? ""
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "icecast2 did not start on \(configuration.port): \(output)"])
    }

    /// `text` percent-encoded for a query value.
    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
