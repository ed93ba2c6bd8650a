import Foundation
import Glibc

/// An MPD protocol client for tests, as plain as the protocol: it writes request lines and
/// reads reply lines up to `OK`, `ACK …` or a binary chunk's end, over a Unix socket or TCP.
/// Blocking, with a receive timeout, so a server that does not answer fails the test
/// rather than hanging it.
public final class MPDLineClient {
    /// The greeting the server sent (`OK MPD 0.23.5`).
    public private(set) var greeting = ""
    /// The bytes of the last binary chunk a reply held.
    public private(set) var lastBinary: [UInt8] = []
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to the Unix socket at `path`, retrying for up to `patience` seconds while
    /// the server is not listening yet.
    /// - Throws: when it cannot connect or no greeting comes.
    public convenience init(socketPath path: String, patience: Double = 5) throws {
        let deadline = Date().addingTimeInterval(patience)
        while true {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            if UnixSocketPath.connect(descriptor, to: path) == 0 {
                try self.init(descriptor: descriptor)
                return
            }
            close(descriptor)
            guard Date() < deadline else { throw LoopbackSocket.Failure(operation: "connect \(path)", code: errno) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Connects to 127.0.0.1:`port`.
    /// - Throws: when it cannot connect or no greeting comes.
    public convenience init(port: Int) throws {
        try self.init(descriptor: try LoopbackSocket.connect(port: port))
    }

    private init(descriptor: Int32) throws {
        self.descriptor = descriptor
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let line = try readLine() else { throw LoopbackSocket.Failure(operation: "read the greeting", code: ECONNRESET) }
        greeting = line
    }

    deinit { close(descriptor) }

    /// Writes `text` as it is (one line or several, each ending in a newline).
    /// - Throws: when the connection is gone.
    public func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw LoopbackSocket.Failure(operation: "write", code: errno) }
            sent += count
        }
    }

    /// Sends `line` and returns the reply's lines, the final `OK` or `ACK …` included.
    /// - Throws: when the connection ends first.
    public func call(_ line: String) throws -> [String] {
        try write(line + "\n")
        return try reply()
    }

    /// Reads one reply's lines, up to and with its `OK` or `ACK …`; a binary chunk is read
    /// whole and shown as `<N bytes>`.
    /// - Throws: when the connection ends first.
    public func reply() throws -> [String] {
        var lines: [String] = []
        while true {
            guard let line = try readLine() else { throw LoopbackSocket.Failure(operation: "read a reply", code: ECONNRESET) }
            if line.hasPrefix("binary: "), let count = Int(line.dropFirst("binary: ".count)) {
                let data = try read(count + 1)
                lastBinary = Array(data.dropLast())
                lines.append(line)
                lines.append("<\(data.count - 1) bytes>")
                continue
            }
            lines.append(line)
            if line == "OK" || line.hasPrefix("ACK ") { return lines }
        }
    }

    /// The `NAME: VALUE` fields of a reply, by name (the first of each).
    public func fields(_ line: String) throws -> [String: String] {
        var fields: [String: String] = [:]
        for reply in try call(line) {
            guard let colon = reply.range(of: ": ") else { continue }
            let name = String(reply[..<colon.lowerBound])
            if fields[name] == nil { fields[name] = String(reply[colon.upperBound...]) }
        }
        return fields
    }

    /// Sends `bytes` from a thread of its own, closes the writing side, and returns every
    /// line the server sends until it closes the connection: a client that writes faster
    /// than it reads cannot deadlock against a server that stops reading when its replies
    /// are not taken. A binary chunk is read as the text it holds.
    /// - Throws: when the server stops answering for the receive timeout (10 s).
    public func sendAll(_ bytes: [UInt8]) throws -> [String] {
        let descriptor = self.descriptor
        let writer = Thread {
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { break }
                sent += count
            }
            shutdown(descriptor, Int32(SHUT_WR))
        }
        writer.start()
        var lines: [String] = []
        while let line = try readLine() { lines.append(line) }
        return lines
    }

    /// Whether the server closed the connection (a read finds its end).
    public func isClosed() -> Bool {
        (try? readLine()) ?? nil == nil
    }

    private func readLine() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard try fill() else { return nil }
        }
    }

    private func read(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw LoopbackSocket.Failure(operation: "read binary data", code: ECONNRESET) }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer.prefix(count))
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw LoopbackSocket.Failure(operation: "read", code: errno) }
        if count == 0 { return false }
        buffer += chunk[..<count]
        return true
    }
}
