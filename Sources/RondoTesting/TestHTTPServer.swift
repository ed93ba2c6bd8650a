import Foundation
import Spawning

/// The tests' web server: a directory served over HTTP/1.1 (or HTTPS, with a
/// ``SelfSignedCertificate``) on 127.0.0.1 and a free port, with byte ranges (`206`,
/// `Content-Range`, `Accept-Ranges: bytes`) and faults by path (``Fault``):
/// `Tests/Support/test_http_server.py`, run by `/usr/bin/python3` in a directory of its
/// own; stopped by PID on ``stop()`` or when the last reference goes.
///
/// A missing file answers 404. Every request is logged, so a test can see which ranges a
/// listener asked for (``requests``). Put a ``FaultProxy`` in front of it to cut or stall
/// connections on command.
public final class TestHTTPServer: Sendable {
    /// One request as the server logged it.
    public struct Request: Decodable, Equatable, Sendable {
        /// `GET` or `HEAD`.
        public var method: String
        /// The request's path and query.
        public var path: String
        /// Its `Range` header, if any (`bytes=1000-`).
        public var range: String?
        /// Whether it asked only for a version newer than one it has (`If-None-Match` or
        /// `If-Modified-Since`), which an unchanged file answers with 304.
        public var conditional: Bool?
    }

    /// The port it listens on.
    public let port: Int
    /// The directory it serves.
    public let root: String
    /// `http`, or `https` with a certificate.
    public let scheme: String
    private let directory: TemporaryDirectory
    private let ownRoot: TemporaryDirectory?
    private let process: ChildProcess

    /// The script that serves, in the package's `Tests/Support`.
    static let script = BuiltProducts.packageRoot + "/Tests/Support/test_http_server.py"

    /// Starts serving `root` (a new empty directory of its own when `nil`, for ``write(_:_:)``),
    /// over TLS with `certificate` when given, and waits (up to 10 s) until it has a port.
    /// - Throws: when the server does not start.
    public init(serving root: String? = nil, certificate: SelfSignedCertificate? = nil) throws {
        ownRoot = root == nil ? try TemporaryDirectory(prefix: "rondo-served") : nil
        self.root = root ?? ownRoot!.path
        scheme = certificate == nil ? "http" : "https"
        directory = try TemporaryDirectory(prefix: "rondo-http")
        let portFile = directory.appending("port")
        var arguments = ["/usr/bin/python3", Self.script, self.root, portFile, directory.appending("requests.log")]
        if let certificate { arguments += ["--tls", certificate.certificatePath, certificate.keyPath] }
        process = try ChildProcess(arguments, standardError: .file(directory.appending("server.log")))
        guard let port = Self.waitForPort(in: portFile, of: process) else {
            process.terminate(grace: 1)
            let log = (try? String(contentsOfFile: directory.appending("server.log"), encoding: .utf8)) ?? ""
            directory.remove()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the test HTTP server did not start: \(log)"])
        }
        self.port = port
    }

    deinit { stop() }

    /// `SCHEME://127.0.0.1:PORT/PATH`: a file under the root by its name, or any path.
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

    /// The URL at which the server answers with `fault`, for the file `name` where the fault
    /// serves one.
    public func url(_ fault: Fault, _ name: String = "") -> String { url(fault.path(name)) }

    /// Writes `bytes` as the file `name` under the root, served from now on. A file written
    /// again is dated a second after its last version at least, so that the change shows in
    /// its `Last-Modified` (whole seconds) too, however soon it came.
    /// - Throws: when the file cannot be written.
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        let path = root + "/" + name
        let previous = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let previous, Date().timeIntervalSince(previous) < 1 {
            try FileManager.default.setAttributes([.modificationDate: previous.addingTimeInterval(1)], ofItemAtPath: path)
        }
    }

    /// The requests it has had so far, oldest first.
    public var requests: [Request] {
        let text = (try? String(contentsOfFile: directory.appending("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// Stops the server and removes its directories (the root too when it made it).
    public func stop() {
        process.terminate(grace: 2)
        directory.remove()
        ownRoot?.remove()
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
