import Foundation
import Glibc
import Logging
import RondoTesting
import RondoView
import Synchronization
import Testing

/// The view's HTTP server over real loopback sockets: what a browser or curl may send (a body
/// in pieces after `100 Continue`, a half-closed socket, half a head and nothing more), a
/// picture larger than any event backlog, and the server's stop with a request running and a
/// stream open. The daemon's method table behind it is a stand-in that echoes: these tests
/// are about the HTTP, which the daemon's own tests (`ViewTests`) check end to end.
@Suite
struct ViewServerTests {
    static let token = String(repeating: "ab", count: 32)

    /// A running server on a port the system chose, over `backend`.
    private struct Running {
        let port: Int
        let task: Task<Void, any Error>
        let finished: Finished
    }

    /// Whether a server's run has returned.
    private final class Finished: Sendable {
        let value = Atomic<Bool>(false)
    }

    private func start(_ backend: EchoBackend, requestDeadline: Duration = ViewServer.defaultRequestDeadline) async throws -> Running {
        let server = ViewServer(
            address: ViewAddress(host: "127.0.0.1", port: 0), token: Self.token, backend: backend,
            logger: Logger(label: "view-test"), requestDeadline: requestDeadline)
        let bound = AsyncStream<Int>.makeStream()
        let finished = Finished()
        let task = Task {
            defer { finished.value.store(true, ordering: .releasing) }
            try await server.run { bound.continuation.yield($0) }
        }
        var ports = bound.stream.makeAsyncIterator()
        let port = try #require(await ports.next())
        return Running(port: port, task: task, finished: finished)
    }

    private func head(_ method: String, _ path: String, port: Int, _ extra: String = "") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(Self.token)\r\n\(extra)\r\n"
    }

    @Test func aPictureOfAnySizeIsServedWhole() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let picture = [UInt8]((0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try Data(picture).write(to: URL(fileURLWithPath: directory.appending("big.png")))
        let running = try await start(EchoBackend(artworkDirectory: directory.path))
        defer { running.task.cancel() }
        let request = head("GET", "/artwork/big.png", port: running.port)
        let answer = try await blocking { try RawHTTP.exchange(port: running.port, request) }
        #expect(answer.status == 200)
        #expect(answer.header("content-type") == "image/png")
        #expect(answer.body == picture)
    }

    @Test func aBodySentInPiecesAfter100ContinueIsAnswered() async throws {
        let running = try await start(EchoBackend())
        defer { running.task.cancel() }
        let body = #"{"jsonrpc":"2.0","id":9,"method":"daemon.info"}"#
        let connection = try RawHTTP(port: running.port)
        connection.send(head("POST", "/rpc", port: running.port, "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n"))
        #expect(try await blocking { connection.read(upTo: "\r\n\r\n") } == "HTTP/1.1 100 Continue\r\n\r\n")
        connection.send(String(body.prefix(10)))
        connection.send(String(body.dropFirst(10)))
        let answer = try await blocking { connection.readAnswer() }
        #expect(answer.status == 200)
        #expect(answer.text == "echo:" + body)
    }

    @Test func aClientThatHasSentAllItWillIsAnswered() async throws {
        let running = try await start(EchoBackend())
        defer { running.task.cancel() }
        let connection = try RawHTTP(port: running.port)
        connection.send(head("POST", "/rpc", port: running.port, "Content-Length: 2\r\n") + "{}")
        shutdown(connection.descriptor, Int32(SHUT_WR))
        let answer = try await blocking { connection.readAnswer() }
        #expect(answer.status == 200 && answer.text == "echo:{}")
    }

    @Test func halfAHeadIsAnsweredAtItsDeadlineAndItsPlaceIsFreed() async throws {
        let running = try await start(EchoBackend(), requestDeadline: .milliseconds(300))
        defer { running.task.cancel() }
        let slow = try RawHTTP(port: running.port)
        slow.send("GET / HT")
        let answer = try await blocking { slow.readAnswer() }
        #expect(answer.status == 408)
        let pageRequest = head("GET", "/", port: running.port)
        let page = try await blocking { try RawHTTP.exchange(port: running.port, pageRequest) }
        #expect(page.status == 200 && page.text.contains("<title>Rondo</title>"))
    }

    /// The view stops with a request running and a stream open: the request's answer is
    /// written, the stream ends, and the server's run returns.
    @Test func stoppingEndsStreamsAndAnswersTheRunningRequest() async throws {
        let backend = EchoBackend(holdsRequests: true)
        let running = try await start(backend)
        let stream = try RawHTTP(port: running.port)
        stream.send(head("GET", "/events?topics=queue", port: running.port))
        #expect(try await blocking { stream.read(upTo: ": events\n\n") }.hasSuffix(": events\n\n"))
        let request = try RawHTTP(port: running.port)
        request.send(head("POST", "/rpc", port: running.port, "Content-Length: 2\r\n") + "{}")
        #expect(await backend.waitForHeldRequest())

        running.task.cancel()
        #expect(try await blocking { stream.readToEnd() }.isEmpty, "the stream ends")
        backend.release()
        let answer = try await blocking { request.readAnswer() }
        #expect(answer.status == 200 && answer.text == "echo:{}")
        #expect(await poll { running.finished.value.load(ordering: .acquiring) }, "the server's run returned")
        #expect(backend.closed.withLock { $0 } >= 2, "the stream's and the request's connections were closed")
    }

    /// Runs `work`, which blocks on a socket, on a thread of its own: blocking the test's
    /// task would hold one of the few threads the server's own tasks run on.
    private func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    private func poll(upTo seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}

/// The daemon's side as a stand-in: a request is answered with `echo:` and its bytes (held
/// until released, when asked), an event stream stays open without events, pictures come
/// from a directory.
private final class EchoBackend: ViewBackend, Sendable {
    let artworkDirectory: String
    let holdsRequests: Bool
    let held = Mutex(0)
    let released = Mutex(false)
    let closed = Mutex(0)
    private let streams = Mutex<[Int: AsyncStream<[UInt8]>.Continuation]>([:])

    init(artworkDirectory: String = "/nonexistent", holdsRequests: Bool = false) {
        self.artworkDirectory = artworkDirectory
        self.holdsRequests = holdsRequests
    }

    func handle(request: [UInt8], connection: Int) async -> [UInt8]? {
        if holdsRequests {
            held.withLock { $0 += 1 }
            while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
        }
        return Array("echo:".utf8) + request
    }

    func subscribe(connection: Int, topics: [String]) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        streams.withLock { $0[connection] = continuation }
        return stream
    }

    func close(connection: Int) {
        closed.withLock { $0 += 1 }
        streams.withLock { $0.removeValue(forKey: connection) }?.finish()
    }

    func waitForHeldRequest() async -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, held.withLock({ $0 }) == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        return held.withLock { $0 } > 0
    }

    func release() { released.withLock { $0 = true } }
}

/// A blocking loopback connection that speaks HTTP by hand, each read bounded by 5 s; used
/// by one test at a time.
private final class RawHTTP: @unchecked Sendable {
    let descriptor: Int32
    private var buffered: [UInt8] = []

    init(port: Int) throws {
        descriptor = try LoopbackSocket.connect(port: port)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// One request on a new connection, and its answer read to the connection's end.
    static func exchange(port: Int, _ request: String) throws -> Answer {
        let connection = try RawHTTP(port: port)
        connection.send(request)
        return connection.readAnswer()
    }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `marker` has come (or the connection ends); what was read up to and with it.
    func read(upTo marker: String) -> String {
        let bytes = Array(marker.utf8)
        while true {
            if let range = buffered.firstRange(of: bytes) {
                let text = String(decoding: buffered[..<range.upperBound], as: UTF8.self)
                buffered.removeFirst(range.upperBound)
                return text
            }
            guard receive() else { return String(decoding: buffered, as: UTF8.self) }
        }
    }

    func readToEnd() -> [UInt8] {
        while receive() {}
        defer { buffered = [] }
        return buffered
    }

    func readAnswer() -> Answer { Answer(readToEnd()) }

    private func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffered += chunk[..<count]
        return true
    }

    /// An answer: its status, headers and body.
    struct Answer: Sendable {
        var status = 0
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var text: String { String(decoding: body, as: UTF8.self) }

        init(_ bytes: [UInt8]) {
            guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
            headers = lines.dropFirst().compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            body = Array(bytes[end.upperBound...])
        }

        func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
    }
}
