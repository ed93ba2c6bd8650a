import Foundation
import Spawning

/// A private Snapcast server (`/usr/bin/snapserver`) on 127.0.0.1 with a TCP stream source
/// for rondod (`source`, 48000:16:2) and free ports, its data and log in a directory of its
/// own, and its rooms: snapclients writing what they play to files (``Room``). Stopped by
/// PID on ``stop()`` or when the last reference goes.
public final class SnapcastServer: @unchecked Sendable {
    /// One room: a snapclient that plays to a file of raw 48000:16:2 PCM, or to a sink of a
    /// PulseAudio server.
    public final class Room: @unchecked Sendable {
        /// The file it writes (empty for a room that plays to a sink).
        public let file: String
        private let logFile: String
        private let process: ChildProcess

        init(name: String, port: Int, directory: TemporaryDirectory, sink: (server: String, name: String)? = nil) throws {
            let player: [String]
            if let sink {
                file = ""
                player = ["--player", "pulse", "--soundcard", sink.name]
            } else {
                file = directory.appending(name + ".pcm")
                player = ["--player", "file:filename=" + file]
            }
            logFile = directory.appending(name + ".log")
            process = try ChildProcess(
                ["/usr/bin/snapclient", "-h", "127.0.0.1", "-p", String(port), "--hostID", name] + player,
                environment: ["PULSE_SERVER": sink?.server], standardError: .file(logFile))
        }

        /// The last 2,000 characters snapclient logged: for a test's message when the room
        /// stays silent.
        public var logTail: String {
            String((FileManager.default.contents(atPath: logFile).map { String(decoding: $0, as: UTF8.self) } ?? "").suffix(2000))
        }

        deinit { stop() }

        /// Frames it played so far: a mark for ``lastPlayed(seconds:after:)``.
        public var framesPlayed: Int {
            ((try? FileManager.default.attributesOfItem(atPath: file)[.size]) as? Int ?? 0) / 4
        }

        /// The last `seconds` it played, of what it played after the frame `mark` (a
        /// ``framesPlayed``), as the left channel's samples (−1…1).
        public func lastPlayed(seconds: Double, after mark: Int = 0) -> [Float] {
            guard let data = FileManager.default.contents(atPath: file) else { return [] }
            let frames = min(max(0, data.count / 4 - mark), Int(seconds * 48_000))
            return data.suffix(frames * 4).withUnsafeBytes { bytes in
                (0..<frames).map { Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: Int16.self))) / 32_768 }
            }
        }

        /// Stops the snapclient.
        public func stop() { _ = process.terminate(grace: 2) }
    }

    /// The port of the TCP source rondod writes to.
    public let sourcePort: Int
    /// The port of snapserver's own JSON-RPC (``call(_:_:)``).
    public let controlPort: Int
    private let controlScript: String?
    private let environment: [String: String?]
    /// The port snapclients connect to.
    public let streamPort: Int
    private let directory: TemporaryDirectory
    private var process: ChildProcess?
    private var rooms: [Room] = []

    /// Starts snapserver with a stream buffer of `bufferMilliseconds` and waits (up to 5 s)
    /// until its ports accept connections.
    /// - Parameters:
    ///   - controlScript: the source's stream plug-in (`controlscript=`), started by
    ///     snapserver with `environment` added to this process's.
    /// - Throws: when it does not start.
    ///   - sourcePort: the source's port, when a daemon was given it before this server
    ///     started (its feed connects once the server is up); else a free one.
    public init(
        bufferMilliseconds: Int = 400, controlScript: String? = nil, environment: [String: String?] = [:], sourcePort: Int? = nil
    ) throws {
        directory = try TemporaryDirectory(prefix: "rondo-snapcast")
        self.sourcePort = try sourcePort ?? LoopbackSocket.freePort()
        streamPort = try LoopbackSocket.freePort()
        controlPort = try LoopbackSocket.freePort()
        self.bufferMilliseconds = bufferMilliseconds
        self.controlScript = controlScript
        self.environment = environment
        try start()
    }

    /// How long it holds its source's sound before the rooms play it (`--stream.buffer`).
    public let bufferMilliseconds: Int

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

    /// Starts a room named `name` that plays to the sink `sink` of the PulseAudio server
    /// `pulseServer`.
    /// - Throws: when snapclient cannot be started.
    public func addRoom(_ name: String, pulseServer: String, sink: String) throws -> Room {
        let room = try Room(name: name, port: streamPort, directory: directory, sink: (pulseServer, sink))
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
        // snapserver reads its source as a URI: the script's path is percent-encoded.
        let script = controlScript.map { "&controlscript=" + $0.replacingOccurrences(of: "/", with: "%2F") } ?? ""
        let source = "tcp://127.0.0.1:\(sourcePort)?name=Rondo&mode=server&sampleformat=48000:16:2" + script
        process = try ChildProcess(
            [
                "/usr/bin/snapserver", "-c", "/dev/null", "--server.datadir=" + directory.appending("data"), "--http.enabled=0",
                "--tcp.enabled=1", "--tcp.bind_to_address=127.0.0.1", "--tcp.port=\(controlPort)",
                "--stream.bind_to_address=127.0.0.1", "--stream.port=\(streamPort)", "--stream.buffer=\(bufferMilliseconds)",
                "--stream.source=" + source, "--logging.sink=file:" + directory.appending("server.log"),
            ],
            environment: environment, standardError: .file(directory.appending("server.err")))
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let socket = try? LoopbackSocket.connect(port: streamPort) {
                close(socket)
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "snapserver did not start"])
    }

    /// Calls `method` of snapserver's JSON-RPC with `params`; its `result`.
    /// - Throws: when snapserver does not answer, or answers with an error.
    public func call(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
        let socket = try LoopbackSocket.connect(port: controlPort)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": 1, "method": method, "params": params])
        let line = Array(request) + [0x0A]
        _ = line.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reply += chunk[..<count]
            // Notifications may come first; the reply is the line with our id.
            for answer in reply.split(separator: 0x0A) {
                guard let object = try? JSONSerialization.jsonObject(with: Data(answer)) as? [String: Any], object["id"] as? Int == 1
                else { continue }
                if let result = object["result"] as? [String: Any] { return result }
                if object["result"] != nil { return [:] }
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "snapserver: \(object)"])
            }
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "snapserver did not answer \(method)"])
    }

    /// Stops the rooms and the server, and removes the directory.
    public func stop() {
        for room in rooms { room.stop() }
        rooms.removeAll()
        kill()
        directory.remove()
    }
}
