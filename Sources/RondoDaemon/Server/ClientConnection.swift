import CLinux
import Glibc
import LineServing
import Logging
import RondoProtocol
import RondoRouting

/// Serves one client on the request loop: reads request lines, answers them in order.
///
/// A request answered from a snapshot (``Router/Routed/answered(_:)``) is answered where
/// it is read, its reply queued with the others of the same read and written once. Any
/// other runs on a task (on the loop when its route asks for it,
/// ``Router/register(_:onLoop:_:)``); the lines after it wait until its reply is queued, so
/// replies keep the order of their requests, and every event the request caused (written by
/// its publisher into the same outbox) goes out before its reply.
///
/// A client that half-closes its side still gets every reply; once the connection is gone,
/// the lines it had sent are still handled (their replies are lost), then its sessions end
/// (`onEnded`). While a request runs, at most ``waitingLimit`` lines are read ahead; while
/// the client does not take its replies, at most ``replyBacklog`` wait for it: the rest of
/// its lines wait in the socket.
///
/// Ownership: every property is touched only on the request loop's thread.
final class ClientConnection: LoopWatched, LineConnection, @unchecked Sendable {
    /// How many read lines may wait behind a running request before reading pauses.
    static let waitingLimit = 128
    /// How many replies may wait for a client that does not read them before the lines
    /// after them wait too, and reading pauses: three quarters of
    /// ``EventHub/outboxCapacity``, so a client that writes hundreds of requests before it
    /// reads is answered in full, and one that writes more is held back, not dropped.
    static let replyBacklog = EventHub.outboxCapacity * 3 / 4

    let id: Int
    private let socket: Int32
    private let loop: RequestLoop
    private let router: Router
    private let hub: EventHub
    private let logger: Logger
    private let onEnded: (Int) -> Void
    private let peer: PeerWatch
    private let requestContext: ConnectionContext
    private var outbox: ConnectionOutbox!
    private var state = LineConnectionState(
        maximumLineLength: JSONRPCCodec.maximumLineLength, waitingLimit: waitingLimit, handlesLinesAfterGoing: true)

    /// Creates the handler of connection `id` on `socket`, whose client runs as `peerProcess`.
    init(
        id: Int, socket: Int32, peerProcess: Int32, loop: RequestLoop, router: Router, hub: EventHub, logger: Logger,
        onEnded: @escaping (Int) -> Void
    ) {
        self.id = id
        self.socket = socket
        self.loop = loop
        self.router = router
        self.hub = hub
        self.logger = logger
        self.onEnded = onEnded
        let peer = PeerWatch(peerProcess: peerProcess)
        self.peer = peer
        self.requestContext = ConnectionContext(id: id) { peer.isGone }
    }

    /// Starts serving: subscribes the outbox to the event hub and watches the socket.
    func start() {
        // Weak: the outbox is the connection's, and must not keep it alive.
        outbox = ConnectionOutbox(socket: socket) { [loop, weak self] in
            guard let connection = self else { return }
            loop.execute { connection.updateInterest() }
        }
        hub.register(id, outbox: outbox) { [hub, logger, loop, id, self] in
            // Unsubscribe at once, so the events that follow do not close and log it again.
            hub.unregister(id)
            logger.warning("closing connection \(id): it does not read its events")
            loop.execute { self.closeNow() }
        }
        updateInterest()
    }

    func ready(_ events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { writable() }
        guard !state.isGone else { return }
        if !state.inputEnded, events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            loop.read(socket, into: &state)
            if state.inputEnded { peer.inputHasClosed() }
            handleFrames()
        } else if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            // The input has ended and the client is gone: nothing more can reach it.
            closeNow()
        }
    }

    /// Closes the socket now; the lines already read are still handled, without replies.
    func closeNow() {
        guard !state.isGone else { return }
        state.gone()
        peer.inputHasClosed()
        hub.unregister(id)
        updateInterest()
        outbox.close()
        if state.mayHandleNext {
            loop.execute { self.handleFrames() }
        } else {
            endIfDone()
        }
    }

    // MARK: Requests

    /// Handles the lines that wait, until one has to run on a task; then writes the replies.
    private func handleFrames() {
        while state.mayHandleNext {
            if outbox.linesWaiting >= Self.replyBacklog {
                flush()
                if state.isGone || outbox.waitsForRoom { break }
            }
            guard let frame = state.takeNext() else { break }
            handle(frame)
        }
        flush()
        closeIfDone()
        updateInterest()
        endIfDone()
    }

    private func handle(_ frame: Frame) {
        let routed: Router.Routed
        switch frame {
        case .line(let bytes): routed = router.route(line: bytes, context: requestContext)
        case .oversized: routed = .answered(router.oversizedLineReply())
        }
        switch routed {
        case .answered(let reply):
            if let reply { send(reply) }
        case .pending(let work, let onLoop):
            state.started()
            Task(executorPreference: onLoop ? loop : nil) { [loop, self] in
                let afterReply = AfterReply()
                let reply = await AfterReply.$current.withValue(afterReply) { await work() }
                loop.execute {
                    self.state.finished()
                    if let reply { self.send(reply) }
                    self.handleFrames()
                    afterReply.replyWritten()
                }
            }
        }
    }

    private func send(_ reply: [UInt8]) {
        guard !state.isGone else { return }
        if !outbox.queue(reply) {
            logger.warning("closing connection \(id): it does not read its replies")
            closeNow()
        }
    }

    // MARK: Writing and closing

    private func flush() {
        guard !state.isGone else { return }
        if outbox.flush() == .broken { closeNow() }
    }

    private func writable() {
        guard !state.isGone else { return }
        switch outbox.writable() {
        case .drained: if state.isClosing { closeNow() } else { handleFrames() }
        case .waitingForRoom: break
        case .broken: closeNow()
        }
    }

    /// A client that sent its last request is answered in full, then the connection closes.
    private func closeIfDone() {
        guard !state.isClosing, !state.isGone, state.isAnswered else { return }
        state.close()
        hub.unregister(id)
        if !outbox.waitsForRoom { closeNow() }
    }

    /// Watches the socket for what the connection waits for now (``LineConnectionState``):
    /// a socket waiting for nothing leaves the loop's set, so a hung-up client cannot wake
    /// the loop over and over.
    private func updateInterest() {
        let waitsForRoom = !state.isGone && outbox.waitsForRoom
        let wanted = state.wantedEvents(
            repliesWaiting: waitsForRoom, repliesBacklogged: waitsForRoom && outbox.linesWaiting >= Self.replyBacklog)
        loop.apply(state.watch(wanted), to: socket, for: self)
    }

    /// Once the connection is gone and nothing it sent is left to handle, its sessions end.
    private func endIfDone() {
        if state.endIfDone() { onEnded(id) }
    }
}
