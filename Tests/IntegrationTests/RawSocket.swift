import Foundation
import Glibc
import RondoProtocol

/// A Unix stream socket to the daemon that sends and receives raw bytes: the tests' own
/// client, independent of `RondoClient`, for sending what a well-behaved client never
/// would and seeing exactly which lines come back.
///
/// Every read waits at most the receive timeout (`SO_RCVTIMEO`). Not thread-safe: use
/// one socket per thread.
final class RawSocket {
    /// Why a raw-socket operation failed.
    enum Failure: Error, CustomStringConvertible {
        /// `socket` or `connect` failed with this errno.
        case connect(String, Int32)
        /// `send` failed with this errno.
        case send(Int32)
        /// Nothing (or no complete line) arrived within the receive timeout.
        case timedOut
        /// The daemon closed the connection.
        case closed
        /// A line that is not JSON.
        case notJSON(String)

        var description: String {
            switch self {
            case .connect(let path, let code): "cannot connect to \(path): \(String(cString: strerror(code)))"
            case .send(let code): "send failed: \(String(cString: strerror(code)))"
            case .timedOut: "no complete line within the receive timeout"
            case .closed: "the daemon closed the connection"
            case .notJSON(let line): "not a JSON line: \(line.prefix(200))"
            }
        }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isOpen = true

    /// Connects to the socket at `path`.
    /// - Parameter receiveTimeout: how long one read may wait, in seconds.
    /// - Throws: ``Failure/connect(_:_:)``.
    init(path: String, receiveTimeout: Double = 5) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.connect(path, errno) }
        var socketAddress = Self.address(path)
        let connected = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Failure.connect(path, code)
        }
        self.descriptor = descriptor
        setReceiveTimeout(receiveTimeout)
    }

    deinit { close() }

    /// Changes how long one read may wait, in seconds.
    func setReceiveTimeout(_ seconds: Double) {
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`.
    /// - Throws: ``Failure/send(_:)``, e.g. `EPIPE` once the daemon has closed the connection.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure.send(errno)
            }
            offset += written
        }
    }

    /// Writes the UTF-8 bytes of `text`, exactly as given (add `\n` yourself).
    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Shuts down the writing side: the daemon reads end-of-file, the reading side stays open.
    func shutdownWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Closes the socket without reading what is pending.
    func close() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(descriptor)
    }

    /// The next line, without its `\n`.
    /// - Throws: ``Failure/timedOut`` or ``Failure/closed``.
    func readLine() throws -> [UInt8] {
        while true {
            if let line = takeBufferedLine() { return line }
            try receive()
        }
    }

    /// The complete lines that have already arrived, without waiting for more.
    /// - Throws: ``Failure/closed``.
    func readPendingLines() throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        while true {
            if let line = takeBufferedLine() {
                lines.append(line)
                continue
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) == 1, poller.revents & Int16(POLLIN) != 0 else { return lines }
            try receive()
        }
    }

    private func takeBufferedLine() -> [UInt8]? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        return line
    }

    /// Receives once into the buffer, waiting at most the receive timeout.
    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return
            }
            guard count < 0 else { throw Failure.closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw Failure.timedOut
            default: throw Failure.closed
            }
        }
    }

    /// The next line, parsed as JSON.
    /// - Throws: as ``readLine()``, or ``Failure/notJSON(_:)``.
    func readMessage() throws -> JSONValue { try Self.parse(try readLine()) }

    /// A received line parsed as JSON.
    /// - Throws: ``Failure/notJSON(_:)``.
    static func parse(_ line: [UInt8]) throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(line))
        } catch {
            throw Failure.notJSON(String(decoding: line, as: UTF8.self))
        }
    }

    /// Sends one request line and returns the next line that arrives (its reply, when
    /// nothing else is pending on the connection).
    func call(_ method: String, id: Int, params: String? = nil) throws -> JSONValue {
        try send(Self.request(method, id: id, params: params))
        return try readMessage()
    }

    /// Reads lines until the daemon closes the connection and returns them.
    /// - Throws: ``Failure/timedOut`` when the connection stays open longer than a read
    ///   timeout without sending anything.
    func readUntilClosed() throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        while true {
            do {
                lines.append(try readLine())
            } catch Failure.closed {
                return lines
            }
        }
    }

    /// Whether the daemon has closed its end (`POLLHUP`), checked without reading.
    var peerHasClosed: Bool {
        var poller = pollfd(fd: descriptor, events: 0, revents: 0)
        guard poll(&poller, 1, 0) == 1 else { return false }
        return poller.revents & Int16(POLLHUP) != 0
    }

    /// A JSON-RPC 2.0 request line, `\n` included; `params` is raw JSON text.
    static func request(_ method: String, id: Int?, params: String? = nil) -> String {
        let idMember = id.map { #""id":\#($0),"# } ?? ""
        let paramsMember = params.map { #","params":\#($0)"# } ?? ""
        return #"{"jsonrpc":"2.0",\#(idMember)"method":"\#(method)"\#(paramsMember)}"# + "\n"
    }

    /// Leaves a socket file at `path` that nothing listens on, as a daemon killed with
    /// `kill -9` does: connecting to it is refused.
    static func makeStaleSocketFile(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.connect(path, errno) }
        defer { Glibc.close(descriptor) }
        var socketAddress = address(path)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw Failure.connect(path, errno) }
    }

    private static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }
}
