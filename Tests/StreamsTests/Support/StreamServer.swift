import Foundation
import Glibc
import RondoTesting
import Spawning

/// `stream_server.py` as a process: files from a directory of its own over HTTP (or HTTPS
/// with a certificate), with byte ranges and faults by path (see the script). Started on
/// a port of the system's choosing, stopped by PID when the test is done with it.
final class StreamServer: Sendable {
    /// Where the served files are.
    let directory: TemporaryDirectory
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    private let scheme: String
    private let process: ChildProcess

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("stream_server.py").path

    /// Starts a server, over TLS with `certificate` when given.
    init(certificate: SelfSignedCertificate? = nil) throws {
        directory = try TemporaryDirectory(prefix: "rondo-streams")
        var arguments = ["python3", Self.script, directory.path]
        if let certificate { arguments += ["--tls", certificate.certificatePath, certificate.keyPath] }
        scheme = certificate == nil ? "http" : "https"
        process = try ChildProcess(arguments, standardOutput: .pipe, standardError: .null)
        let pipe = process.outputPipe!
        defer { close(pipe) }
        port = try Self.readPort(from: pipe)
    }

    deinit { stop() }

    /// Stops the server by its PID and waits for it.
    func stop() { process.terminate(grace: 1) }

    /// The address of `path` on the server (`files/a.bin`).
    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

    /// Writes a file the server serves under `/files/NAME` and the fault paths.
    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: directory.appending(name)))
    }

    /// The first line the script prints, within 10 seconds.
    private static func readPort(from pipe: Int32) throws -> Int {
        var line: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard Glibc.read(pipe, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n"), let port = Int(String(decoding: line, as: UTF8.self)) { return port }
            line.append(byte)
        }
        throw SupportError("stream_server.py printed no port")
    }
}
