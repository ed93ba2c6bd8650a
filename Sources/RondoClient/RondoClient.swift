import Glibc
public import RondoProtocol

/// A small blocking JSON-RPC client for the daemon's Unix socket (plain sockets, no
/// event loop), shared by the CLI, the scenario runner and the tests.
///
/// Not thread-safe: use one client per thread. Events that arrive while waiting for a
/// reply are kept for ``nextEvent(timeout:)``.
public final class RondoClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var pendingEvents: [Event] = []
    private let codec = JSONRPCCodec()

    /// Connects to the daemon's socket.
    /// - Throws: ``ClientError/unreachable(_:)`` when nothing listens there.
    public init(socketPath: String) throws(ClientError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(socketPath.utf8)
        guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .unreachable("socket path too long: \(socketPath)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
            raw[pathBytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .unreachable(String(cString: strerror(errno))) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreachable("\(socketPath): \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Calls a method and waits for its result.
    /// - Parameter onEvent: receives the events that arrive while waiting (a scan's progress);
    ///   when `nil` they are kept for ``nextEvent(timeout:)``.
    /// - Throws: ``ClientError/rpc(_:)`` for an error reply, ``ClientError/connectionLost(_:)``.
    public func call<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, onEvent: ((Event) -> Void)? = nil
    ) throws(ClientError) -> M.Result {
        let id = nextID
        nextID += 1
        try send(codec.encodeLine(Envelope.Request(id: .number(id), method: M.name, params: params)))
        while true {
            let line = try readLine(timeout: nil)!
            let reply: Envelope.Reply<M.Result>
            do {
                reply = try codec.decodeReply(M.Result.self, from: line)
            } catch {
                throw .connectionLost("unreadable reply to \(M.name): \(error.message)")
            }
            if reply.id == nil, let event = reply.method {
                let received = Event(method: event, params: reply.params ?? .null, line: String(decoding: line, as: UTF8.self))
                if let onEvent { onEvent(received) } else { pendingEvents.append(received) }
                continue
            }
            if let error = reply.error { throw .rpc(error) }
            guard reply.id == .number(id), let result = reply.result else {
                throw .connectionLost("unexpected reply to \(M.name)")
            }
            return result
        }
    }

    /// Calls a method that takes no params.
    public func call<M: RPCMethod>(_ method: M.Type) throws(ClientError) -> M.Result where M.Params == Empty {
        try call(method, Empty())
    }

    /// The next event notification, waiting up to `timeout` seconds (`nil`: forever).
    /// - Returns: `nil` when none arrived in time.
    public func nextEvent(timeout: Double?) throws(ClientError) -> Event? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        while true {
            guard let line = try readLine(timeout: timeout) else { return nil }
            guard let message = try? codec.decodeReply(JSONValue.self, from: line),
                message.id == nil, let method = message.method
            else { continue }
            return Event(method: method, params: message.params ?? .null, line: String(decoding: line, as: UTF8.self))
        }
    }

    /// Writes raw bytes to the socket, for tests of malformed input.
    public func send(_ bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .connectionLost(String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    /// Reads the next line (without `\n`), waiting up to `timeout` seconds (`nil`: forever).
    /// - Returns: `nil` on timeout.
    public func readLine(timeout: Double?) throws(ClientError) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if let timeout {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(max(0, timeout) * 1000))
                if ready == 0 { return nil }
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .connectionLost(count == 0 ? "the daemon closed the connection" : String(cString: strerror(errno))) }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
