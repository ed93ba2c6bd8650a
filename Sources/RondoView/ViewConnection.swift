import CLinux
import Dispatch
import Glibc
import LineServing

/// One HTTP connection of the view, on the view's ``RequestLoop``: reads one request (its
/// head at most 16 KiB, its body at most 1 MiB), checks it, routes it and answers it. Every
/// answer but an event stream closes the connection; an event stream lasts until the browser
/// goes or the view stops.
///
/// A client has ``ViewServer``'s request deadline to send its whole request (a client that
/// sends half a head and waits would otherwise hold one of the view's few connections for
/// good): past it the request is answered 408.
///
/// Ownership: every property is touched only on the loop's thread. Work that waits or reads
/// a file (a JSON-RPC request, an artwork file, the next event) runs on tasks, and the
/// connection's timers (its deadline, the event stream's keep-alive, the drain's end) fire on
/// Dispatch's queue; each hands its result back through the loop. The timers are Dispatch's
/// because a cancelled one is gone at once, where a task asleep until a deadline keeps its
/// timer until that deadline: with a browser's connections coming and going, hundreds.
final class ViewConnection: LineConnection, LoopWatched, @unchecked Sendable {
    /// The largest request body read: one JSON-RPC request.
    static let bodyCap = 1 << 20
    /// How many bytes of an event stream may wait for a browser that does not read before
    /// the stream is ended: it would otherwise grow without bound. (A whole answer, such as a
    /// large picture, is written however large it is.)
    static let streamBacklog = 4 << 20
    /// How often an idle event stream sends a comment, so that idle timers keep it open.
    static let keepAliveInterval: Duration = .seconds(15)
    /// How long a client is given to close once it has its answer.
    static let drainLimit: Duration = .seconds(2)

    private enum Phase {
        /// Reading the head.
        case head
        /// Reading a body of the head's length.
        case body(ViewRequestHead)
        /// The answer is made off the loop (a JSON-RPC request runs, a picture is read); it
        /// closes the connection.
        case answering
        /// Writing a whole answer; then the sending side is shut and the rest of what the
        /// client sends is read and dropped until it closes (a client still sending a refused
        /// body would otherwise be reset before it reads the answer).
        case closingAfterWrite
        /// The answer is written; waiting for the client to close.
        case draining
        /// An event stream of the view's connection number.
        case streaming(connection: Int)
    }

    private let socket: Int32
    private let loop: RequestLoop
    private let server: ViewServer
    private let ended: () -> Void
    private var phase = Phase.head
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var written = 0
    private var isGone = false
    private var inputClosed = false
    /// Whether the view stops: the running request's answer ends the connection.
    private var stopping = false
    /// The task that feeds an event stream; cancelled when the connection ends.
    private var eventFeed: Task<Void, Never>?
    /// The connection's timers; cancelled when it ends.
    private var timers: [any DispatchSourceTimer] = []

    init(socket: Int32, loop: RequestLoop, server: ViewServer, ended: @escaping () -> Void) {
        self.socket = socket
        self.loop = loop
        self.server = server
        self.ended = ended
    }

    func start() {
        loop.watch(socket, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue, for: self)
        after(server.requestDeadline) { [self] in
            switch phase {
            case .head, .body: answer(.requestTimeout, "text/plain", Array("a request is sent whole within its deadline\n".utf8))
            case .answering, .closingAfterWrite, .draining, .streaming: break
            }
        }
    }

    func closeNow() {
        stopping = true
        switch phase {
        case .answering: return
        case .head, .body, .closingAfterWrite, .draining, .streaming: end()
        }
    }

    func ready(_ events: UInt32) {
        if events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 { return end() }
        if events & EPOLLOUT.rawValue != 0 { flush() }
        if !isGone, events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0 { readAvailable() }
    }

    // MARK: Reading

    private func readAvailable() {
        let (count, error) = loop.withReadBuffer { buffer -> (Int, Int32) in
            let count = recv(socket, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { return (count, errno) }
            switch phase {
            case .head, .body: input.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            case .answering, .closingAfterWrite, .draining, .streaming: break
            }
            return (count, 0)
        }
        if count < 0, error == EAGAIN || error == EINTR { return }
        guard count > 0 else { return inputEnded() }
        advance()
    }

    /// The client sent all it will: a request not read whole is dropped; one running or
    /// being answered is answered (the reply goes to a half-closed socket).
    private func inputEnded() {
        inputClosed = true
        switch phase {
        case .head, .body, .streaming, .draining: end()
        case .answering, .closingAfterWrite: setInterest()
        }
    }

    private func advance() {
        switch phase {
        case .head:
            switch ViewRequestHead.read(input) {
            case .incomplete: return
            case .refused(let status, let reason): return answer(status, "text/plain", Array((reason + "\n").utf8))
            case .head(let head, let bodyStart):
                input.removeFirst(bodyStart)
                beginBody(of: head)
            }
        case .body(let head):
            if input.count >= head.contentLength { respond(to: head, body: Array(input.prefix(head.contentLength))) }
        case .answering, .closingAfterWrite, .draining, .streaming:
            return
        }
    }

    private func beginBody(of head: ViewRequestHead) {
        if head.contentLength > Self.bodyCap {
            return answer(.contentTooLarge, "text/plain", Array("a request is at most 1 MiB\n".utf8))
        }
        if head.method == "POST", head.header("content-length") == nil {
            return answer(.lengthRequired, "text/plain", Array("a request's body is sent with Content-Length\n".utf8))
        }
        phase = .body(head)
        if head.expectsContinue, input.count < head.contentLength, head.method == "POST" {
            write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        advance()
    }

    // MARK: Answering

    private func respond(to head: ViewRequestHead, body: [UInt8]) {
        input = []
        switch server.access(query: head.query, headers: head.headers) {
        case .unauthorized:
            return answer(.unauthorized, "text/plain", Array("a token is needed: open the address `rondo view` prints\n".utf8))
        case .forbidden:
            return answer(.forbidden, "text/plain", Array("only this machine's own pages may use the view\n".utf8))
        case .allowed:
            break
        }
        switch ViewRoute.route(method: head.method, uri: head.target) {
        case .page:
            answer(.ok, "text/html; charset=utf-8", ViewPage.bytes)
        case .rpc:
            answerOffTheLoop { [server] in (.ok, "application/json", await server.rpc(body) ?? []) }
        case .events(let topics):
            stream(topics)
        case .artwork(let name):
            answerOffTheLoop { [server] in
                guard let file = server.artwork(named: name) else { return (.notFound, "text/plain", Array("no such picture\n".utf8)) }
                return (.ok, file.type, file.bytes)
            }
        case .notFound:
            answer(.notFound, "text/plain", Array("not found\n".utf8))
        case .methodNotAllowed:
            answer(.methodNotAllowed, "text/plain", Array("method not allowed\n".utf8))
        }
    }

    /// Makes the answer on a task and writes it on the loop.
    private func answerOffTheLoop(_ make: @escaping @Sendable () async -> (ViewStatus, String, [UInt8])) {
        phase = .answering
        Task { [loop] in
            let (status, type, bytes) = await make()
            loop.execute { [self] in answer(status, type, bytes) }
        }
    }

    /// Writes a whole answer; the connection closes once it is written.
    private func answer(_ status: ViewStatus, _ type: String, _ bytes: [UInt8]) {
        guard !isGone else { return }
        phase = .closingAfterWrite
        write(Self.responseHead(status, headers: [("content-type", type), ("content-length", String(bytes.count)), ("connection", "close")]) + bytes)
    }

    /// Answers with `text/event-stream` and writes each event as `data: LINE` until the
    /// browser goes; a comment every 15 s keeps proxies and idle timers from closing it.
    private func stream(_ topics: [String]) {
        let (connection, lines) = server.events(topics)
        phase = .streaming(connection: connection)
        write(Self.responseHead(.ok, headers: [("content-type", "text/event-stream")]) + Array(": events\n\n".utf8))
        guard !isGone else { return }
        let loop = self.loop
        eventFeed = Task { [self] in
            for await line in lines {
                let event = Array("data: ".utf8) + (line.last == 10 ? line.dropLast() : line[...]) + Array("\n\n".utf8)
                loop.execute { [self] in write(event) }
            }
            // The hub ended the stream (not this connection, which cancels the task).
            guard !Task.isCancelled else { return }
            loop.execute { [self] in end() }
        }
        after(Self.keepAliveInterval, repeating: true) { [self] in write(Array(": keep-alive\n\n".utf8)) }
    }

    /// Runs `body` on the loop after `delay` (and every `delay` after, when `repeating`),
    /// until the connection ends.
    private func after(_ delay: Duration, repeating: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let interval = DispatchTimeInterval.nanoseconds(Int(delay / .nanoseconds(1)))
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + interval, repeating: repeating ? interval : .never)
        timer.setEventHandler { [loop] in loop.execute(body) }
        timer.resume()
        timers.append(timer)
    }

    /// A response's status line and headers, with the headers every answer of the view carries.
    static func responseHead(_ status: ViewStatus, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        let all = headers + [("cache-control", "no-store"), ("x-content-type-options", "nosniff"), ("referrer-policy", "no-referrer")]
        for (name, value) in all { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    // MARK: Writing

    private func write(_ bytes: [UInt8]) {
        guard !isGone else { return }
        output += bytes
        if case .streaming = phase, output.count - written > Self.streamBacklog { return end() }
        flush()
    }

    private func flush() {
        while written < output.count {
            let count = output.withUnsafeBytes { bytes in
                send(socket, bytes.baseAddress! + written, bytes.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR {
                // Stopping: what the client has not taken yet is not waited for.
                if stopping { return end() }
                break
            }
            return end()
        }
        if written == output.count {
            output.removeAll(keepingCapacity: output.count <= 64 * 1024)
            written = 0
            if case .closingAfterWrite = phase { return drain() }
        }
        setInterest()
    }

    /// The answer is written: shuts the sending side and reads until the client closes, for
    /// at most ``drainLimit``.
    private func drain() {
        guard !inputClosed, !stopping else { return end() }
        phase = .draining
        shutdown(socket, Int32(SHUT_WR))
        setInterest()
        after(Self.drainLimit) { [self] in end() }
    }

    private func setInterest() {
        guard !isGone else { return }
        var events: UInt32 = inputClosed ? 0 : EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        if written < output.count { events |= EPOLLOUT.rawValue }
        loop.change(socket, events: events)
    }

    // MARK: Ending

    private func end() {
        guard !isGone else { return }
        isGone = true
        eventFeed?.cancel()
        eventFeed = nil
        for timer in timers { timer.cancel() }
        timers = []
        if case .streaming(let connection) = phase { server.closeEvents(connection) }
        loop.forget(socket)
        close(socket)
        ended()
    }
}
