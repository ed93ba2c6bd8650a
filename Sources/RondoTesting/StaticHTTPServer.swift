import Foundation
import Spawning

/// A directory served over HTTP/1.1 on 127.0.0.1 and a free port, with byte ranges (`206`,
/// `Content-Range`, `Accept-Ranges: bytes`), for tests that play remote files and
/// playlists: `Tests/Support/static_http_server.py`, run by `/usr/bin/python3`, in a
/// directory of its own; stopped by PID on ``stop()`` or when the last reference goes.
///
/// A missing file answers 404. Every request is logged, so a test can see which ranges a
/// listener asked for (``requests``). Put a ``FaultProxy`` in front of it to cut or stall
/// connections.
public final class StaticHTTPServer: Sendable {
    /// One request as the server logged it.
    public struct Request: Decodable, Equatable, Sendable {
        /// `GET` or `HEAD`.
        public var method: String
        /// The request's path and query.
        public var path: String
        /// Its `Range` header, if any (`bytes=1000-`).
        public var range: String?
    }

    /// The port it listens on.
    public let port: Int
    /// The directory it serves.
    public let root: String
    private let directory: TemporaryDirectory
    private let process: ChildProcess

    /// The script that serves, in the package's `Tests/Support`.
    static let script = BuiltProducts.packageRoot + "/Tests/Support/static_http_server.py"

    /// Starts serving `root` and waits (up to 10 s) until the server has a port.
    /// - Throws: when the server does not start.
    public init(serving root: String) throws {
        self.root = root
        directory = try TemporaryDirectory(prefix: "rondo-http")
        let portFile = directory.appending("port")
        process = try ChildProcess(
            ["/usr/bin/python3", Self.script, root, portFile, directory.appending("requests.log")],
            standardError: .file(directory.appending("server.log")))
        guard let port = Self.waitForPort(in: portFile, of: process) else {
            process.terminate(grace: 1)
            let log = (try? String(contentsOfFile: directory.appending("server.log"), encoding: .utf8)) ?? ""
            directory.remove()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the test HTTP server did not start: \(log)"])
        }
        self.port = port
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT/NAME`: the URL of a file under the root.
    public func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The requests it has had so far, oldest first.
    public var requests: [Request] {
        let text = (try? String(contentsOfFile: directory.appending("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Stops the server and removes its directory.
    public func stop() {
        process.terminate(grace: 2)
        directory.remove()
    }

    /// The port the server wrote to `file`, waiting up to 10 s; `nil` when it never did or exited.
    private static func waitForPort(in file: String, of process: ChildProcess) -> Int? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let port = Int(text) { return port }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }
}
