import NIOCore
import NIOHTTP1

/// One HTTP connection of the view: reads a request (its body capped at 1 MiB), checks it,
/// routes it and answers it; every answer but an event stream closes the connection.
final class ViewHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// The largest request body read: one JSON-RPC request.
    static let bodyCap = 1 << 20

    private let server: ViewServer
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var oversized = false

    init(server: ViewServer) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body = []
            oversized = false
        case .body(var buffer):
            if body.count + buffer.readableBytes > Self.bodyCap {
                oversized = true
            } else if let bytes = buffer.readBytes(length: buffer.readableBytes) {
                body += bytes
            }
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let query = head.uri.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        switch server.access(query: query, headers: head.headers) {
        case .unauthorized:
            return send(.unauthorized, "text/plain", Array("a token is needed: open the address `rondo view` prints\n".utf8), context)
        case .forbidden:
            return send(.forbidden, "text/plain", Array("only this machine's own pages may use the view\n".utf8), context)
        case .allowed:
            break
        }
        guard !oversized else {
            return send(.payloadTooLarge, "text/plain", Array("a request is at most 1 MiB\n".utf8), context)
        }
        switch ViewRoute.route(method: head.method.rawValue, uri: head.uri) {
        case .page:
            send(.ok, "text/html; charset=utf-8", ViewPage.bytes, context)
        case .rpc:
            Self.answerRPC(body, server: server, channel: context.channel)
        case .events(let topics):
            streamEvents(topics, context: context)
        case .artwork(let name):
            if let file = server.artwork(named: name) {
                send(.ok, file.type, file.bytes, context)
            } else {
                send(.notFound, "text/plain", Array("no such picture\n".utf8), context)
            }
        case .notFound:
            send(.notFound, "text/plain", Array("not found\n".utf8), context)
        case .methodNotAllowed:
            send(.methodNotAllowed, "text/plain", Array("method not allowed\n".utf8), context)
        }
    }

    /// Runs a JSON-RPC request off the event loop and answers it.
    private static func answerRPC(_ request: [UInt8], server: ViewServer, channel: any Channel) {
        Task {
            let reply = await server.rpc(request) ?? []
            send(.ok, "application/json", reply, on: channel)
        }
    }

    private func send(_ status: HTTPResponseStatus, _ type: String, _ bytes: [UInt8], _ context: ChannelHandlerContext) {
        Self.send(status, type, bytes, on: context.channel)
    }

    /// Writes a whole response and closes the connection; from any thread.
    private static func send(_ status: HTTPResponseStatus, _ type: String, _ bytes: [UInt8], on channel: any Channel) {
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: type)
        headers.add(name: "content-length", value: String(bytes.count))
        headers.add(name: "connection", value: "close")
        headers.add(name: "cache-control", value: "no-store")
        headers.add(name: "x-content-type-options", value: "nosniff")
        headers.add(name: "referrer-policy", value: "no-referrer")
        channel.write(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: bytes))), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Answers with `text/event-stream` and writes each event as `data: LINE` until the
    /// browser goes; a comment every 15 s keeps proxies and idle timers from closing it.
    private func streamEvents(_ topics: [String], context: ChannelHandlerContext) {
        let channel = context.channel
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "text/event-stream")
        headers.add(name: "cache-control", value: "no-store")
        channel.write(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: ": events\n\n"))), promise: nil)
        let (connection, lines) = server.events(topics)
        let server = self.server
        let writer = Task {
            for await line in lines {
                let text = "data: " + String(decoding: line.last == 10 ? line.dropLast() : line[...], as: UTF8.self) + "\n\n"
                channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: text))), promise: nil)
            }
            channel.close(promise: nil)
        }
        let keepAlive = channel.eventLoop.scheduleRepeatedTask(initialDelay: .seconds(15), delay: .seconds(15)) { _ in
            channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: ": keep-alive\n\n"))), promise: nil)
        }
        channel.closeFuture.whenComplete { _ in
            keepAlive.cancel()
            writer.cancel()
            server.closeEvents(connection)
        }
    }
}
