import Glibc
import Logging
import NIOCore
import RondoProtocol

/// Serves one client on its channel's event loop: reads request lines, answers in order.
///
/// A request answered from a snapshot (``Router/Routed/answered(_:)``) is answered where
/// it is read, its reply written with the others of the same read and flushed once. Any
/// other runs on a task (on this event loop when its route asks for it,
/// ``Router/register(_:onLoop:_:)``); the lines after it wait until its reply is written, so replies
/// keep the order of their requests, and every event the request caused (sent to the
/// outbox from the publisher, onto the same loop) is written before its reply.
///
/// Only the daemon's own user is served (SPEC §2): lines wait until the peer's
/// credentials are read. A client that half-closes its side still gets every reply; once
/// the connection is gone, the lines it had sent are still handled (their replies are
/// lost), then its sessions end (`onDisconnect`).
///
/// Ownership: every property is touched only on the channel's event loop.
final class ClientConnection: ChannelInboundHandler {
    typealias InboundIn = Frame
    typealias OutboundOut = ByteBuffer

    private let id: Int
    private let router: Router
    private let hub: EventHub
    private let watch: PeerWatch
    private let logger: Logger
    private let onDisconnect: @Sendable (Int) -> Void
    private var outbox: ConnectionOutbox?
    private var requestContext: ConnectionContext
    /// The channel's event loop, for the tasks of routes that run on it.
    private var taskExecutor: EventLoopTaskExecutor?

    /// Lines read while a request runs, or before the peer was admitted.
    private var waiting: [Frame] = []
    private var waitingStart = 0
    private var admitted = false
    private var running = false
    private var unflushed = false
    private var inputClosed = false
    private var closing = false
    private var inactive = false
    private var disconnected = false

    /// Creates the handler of connection `id`.
    init(id: Int, router: Router, hub: EventHub, watch: PeerWatch, logger: Logger, onDisconnect: @escaping @Sendable (Int) -> Void) {
        self.id = id
        self.router = router
        self.hub = hub
        self.watch = watch
        self.logger = logger
        self.onDisconnect = onDisconnect
        self.requestContext = ConnectionContext(id: id) { [watch] in watch.isGone }
    }

    func channelActive(context: ChannelHandlerContext) {
        let outbox = ConnectionOutbox(channel: context.channel)
        self.outbox = outbox
        taskExecutor = EventLoopTaskExecutor(context.eventLoop)
        let channel = context.channel
        hub.register(id, outbox: outbox) { [hub, logger, id] in
            // Unsubscribe at once, so the events that follow do not close and log it again.
            hub.unregister(id)
            logger.warning("closing connection \(id): it does not read its events")
            channel.close(promise: nil)
        }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        watch.learnPeer(of: context.channel).whenComplete { result in
            let (connection, context) = bound.value
            connection.admit(peerUser: (try? result.get()) ?? nil, context: context)
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if running || !admitted || waitingStart < waiting.count {
            waiting.append(frame)
        } else {
            handle(frame, context: context)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputClosed = true
            closeIfDone(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        inactive = true
        hub.unregister(id)
        disconnectIfDone()
        context.fireChannelInactive()
    }

    // MARK: Requests

    /// Lets the lines through once the peer is known to be the daemon's user; refuses and
    /// closes otherwise. Unreadable credentials mean the client already hung up: its lines
    /// are still handled, as before the gate.
    private func admit(peerUser: UInt32?, context: ChannelHandlerContext) {
        guard peerUser == nil || peerUser == getuid() else {
            logger.warning("refused connection \(id) from uid \(peerUser.map(String.init) ?? "unknown"): only uid \(getuid()) may connect")
            waiting = []
            hub.unregister(id)
            let reply = router.refusalReply(RPCError(.permissionDenied, "only the user who runs rondod may connect; run rondo as that user"))
            writeThenClose(ByteBuffer(bytes: reply), context: context)
            return
        }
        admitted = true
        handleWaiting(context: context)
    }

    /// Handles the lines that waited, until one has to run on a task.
    private func handleWaiting(context: ChannelHandlerContext) {
        while !running, waitingStart < waiting.count {
            let frame = waiting[waitingStart]
            waitingStart += 1
            handle(frame, context: context)
        }
        if waitingStart == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            waitingStart = 0
        }
        flushIfNeeded(context: context)
        closeIfDone(context: context)
        disconnectIfDone()
    }

    private func handle(_ frame: Frame, context: ChannelHandlerContext) {
        let routed: Router.Routed
        switch frame {
        case .line(let buffer): routed = router.route(line: buffer.readableBytesView, context: requestContext)
        case .oversized: routed = .answered(router.oversizedLineReply())
        }
        switch routed {
        case .answered(let reply):
            if let reply { send(reply, context: context) }
        case .pending(let work, let onLoop):
            running = true
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            Task(executorPreference: onLoop ? taskExecutor : nil) {
                let afterReply = AfterReply()
                let reply = await AfterReply.$current.withValue(afterReply) { await work() }
                bound.eventLoop.execute {
                    let (connection, context) = bound.value
                    connection.running = false
                    if let reply { connection.send(reply, context: context) }
                    connection.handleWaiting(context: context)
                    afterReply.replyWritten()
                }
            }
        }
    }

    private func send(_ reply: [UInt8], context: ChannelHandlerContext) {
        guard !inactive, let outbox else { return }
        if outbox.write(reply, context: context) {
            unflushed = true
        } else {
            logger.warning("closing connection \(id): it does not read its replies")
            context.close(promise: nil)
        }
    }

    private func flushIfNeeded(context: ChannelHandlerContext) {
        guard unflushed else { return }
        unflushed = false
        context.flush()
    }

    /// A client that sent its last request is answered in full, then the connection closes.
    private func closeIfDone(context: ChannelHandlerContext) {
        guard inputClosed, !closing, !inactive, !running, waitingStart == waiting.count else { return }
        closing = true
        hub.unregister(id)
        flushIfNeeded(context: context)
        writeThenClose(ByteBuffer(), context: context)
    }

    /// Closes the connection once `last` and everything before it are written.
    private func writeThenClose(_ last: ByteBuffer, context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(last)).whenComplete { _ in bound.value.close(promise: nil) }
    }

    /// Once the connection is gone and nothing it sent is left to handle, its sessions end.
    private func disconnectIfDone() {
        guard inactive, !running, waitingStart == waiting.count, !disconnected else { return }
        disconnected = true
        onDisconnect(id)
    }
}
