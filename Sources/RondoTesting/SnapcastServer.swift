import Foundation
import Spawning

/// A private Snapcast server (`/usr/bin/snapserver`) on 127.0.0.1 with a TCP stream source
/// for rondod (`source`, 48000:16:2) and free ports, its data and log in a directory of its
/// own, and its rooms: snapclients writing what they play to files (``Room``). Stopped by
/// PID on ``stop()`` or when the last reference goes.
public final class SnapcastServer: @unchecked Sendable {
    /// One room: a snapclient that plays to a file of raw 48000:16:2 PCM.
    public final class Room: @unchecked Sendable {
        /// The file it writes.
        public let file: String
        private let process: ChildProcess

        init(name: String, port: Int, directory: TemporaryDirectory) throws {
            file = directory.appending(name + ".pcm")
            process = try ChildProcess(
                ["/usr/bin/snapclient", "-h", "127.0.0.1", "-p", String(port), "--hostID", name, "--player", "file:filename=" + file],
                standardError: .file(directory.appending(name + ".log")))
        }

        deinit { stop() }

        /// The last `seconds` it played, as the left channel's samples (−1…1).
        public func lastPlayed(seconds: Double) -> [Float] {
            guard let data = FileManager.default.contents(atPath: file) else { return [] }
            let frames = min(data.count / 4, Int(seconds * 48_000))
            return data.suffix(frames * 4).withUnsafeBytes { bytes in
                (0..<frames).map { Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: Int16.self))) / 32_768 }
            }
        }

        /// Stops the snapclient.
        public func stop() { _ = process.terminate(grace: 2) }
    }

    /// The port of the TCP source rondod writes to.
    public let sourcePort: Int
    /// The port snapclients connect to.
    public let streamPort: Int
    private let directory: TemporaryDirectory
    private var process: ChildProcess?
    private var rooms: [Room] = []

    /// Starts snapserver with a stream buffer of `bufferMilliseconds` and waits (up to 5 s)
    /// until its ports accept connections.
    /// - Throws: when it does not start.
    public init(bufferMilliseconds: Int = 400) throws {
        directory = try TemporaryDirectory(prefix: "rondo-snapcast")
        sourcePort = try LoopbackSocket.freePort()
        streamPort = try LoopbackSocket.freePort()
        self.bufferMilliseconds = bufferMilliseconds
        try start()
    }

    private let bufferMilliseconds: Int

    deinit { stop() }

    /// `HOST:PORT` of the source, as `[snapcast] source` takes it.
    public var source: String { "127.0.0.1:\(sourcePort)" }

    /// Starts a room named `name`.
    /// - Throws: when snapclient cannot be started.
    public func addRoom(_ name: String) throws -> Room {
        let room = try Room(name: name, port: streamPort, directory: directory)
        rooms.append(room)
        return room
    }

    /// Stops the server (its rooms go on, waiting for it).
    public func kill() {
        _ = process?.terminate(grace: 2)
        process = nil
    }

    /// Starts the server again on the same ports.
    /// - Throws: when it does not start.
    public func start() throws {
        let source = "tcp://127.0.0.1:\(sourcePort)?name=Rondo&mode=server&sampleformat=48000:16:2"
        process = try ChildProcess(
            [
                "/usr/bin/snapserver", "-c", "/dev/null", "--server.datadir=" + directory.appending("data"), "--http.enabled=0",
                "--tcp.enabled=0", "--stream.bind_to_address=127.0.0.1", "--stream.port=\(streamPort)",
                "--stream.buffer=\(bufferMilliseconds)", "--stream.source=" + source,
                "--logging.sink=file:" + directory.appending("server.log"),
            ],
            standardError: .file(directory.appending("server.err")))
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let socket = try? LoopbackSocket.connect(port: streamPort) {
                close(socket)
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "snapserver did not start"])
    }

    /// Stops the rooms and the server, and removes the directory.
    public func stop() {
        for room in rooms { room.stop() }
        rooms.removeAll()
        kill()
        directory.remove()
    }
}
