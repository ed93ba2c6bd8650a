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
    private var splitter = LineSplitter(maximumLength: JSONRPCCodec.maximumLineLength)
    /// Lines read and not yet handled, from `nextFrame` on.
    private var frames: [Frame] = []
    private var nextFrame = 0
    /// The epoll events watched now; 0 when the socket is not in the loop's set.
    private var watching: UInt32 = 0
    private var running = false
    private var inputClosed = false
    private var closing = false
    private var inactive = false
    private var ended = false

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
        guard !inactive else { return }
        if !inputClosed, events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            readInput()
        } else if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            // The input has ended and the client is gone: nothing more can reach it.
            closeNow()
        }
    }

    /// Closes the socket now; the lines already read are still handled, without replies.
    func closeNow() {
        guard !inactive else { return }
        inactive = true
        peer.inputHasClosed()
        hub.unregister(id)
        updateInterest()
        outbox.close()
        if nextFrame < frames.count, !running {
            loop.execute { self.handleFrames() }
        } else {
            endIfDone()
        }
    }

    // MARK: Reading

    private func readInput() {
        let (count, error) = loop.withReadBuffer { buffer -> (Int, Int32) in
            let count = read(socket, buffer.baseAddress, buffer.count)
            guard count > 0 else { return (count, errno) }
            splitter.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: &frames)
            return (count, 0)
        }
        if count > 0 {
            handleFrames()
        } else if count == 0 || (error != EAGAIN && error != EINTR) {
            inputClosed = true
            peer.inputHasClosed()
            if let last = splitter.finish() { frames.append(last) }
            handleFrames()
        }
    }

    // MARK: Requests

    /// Handles the lines that wait, until one has to run on a task; then writes the replies.
    private func handleFrames() {
        while !running, nextFrame < frames.count {
            if outbox.linesWaiting >= Self.replyBacklog {
                flush()
                if inactive || outbox.waitsForRoom { break }
            }
            let frame = frames[nextFrame]
            nextFrame += 1
            handle(frame)
        }
        if nextFrame == frames.count {
            frames.removeAll(keepingCapacity: frames.count <= Self.waitingLimit)
            nextFrame = 0
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
            running = true
            Task(executorPreference: onLoop ? loop : nil) { [loop, self] in
                let afterReply = AfterReply()
                let reply = await AfterReply.$current.withValue(afterReply) { await work() }
                loop.execute {
                    self.running = false
                    if let reply { self.send(reply) }
                    self.handleFrames()
                    afterReply.replyWritten()
                }
            }
        }
    }

    private func send(_ reply: [UInt8]) {
        guard !inactive else { return }
        if !outbox.queue(reply) {
            logger.warning("closing connection \(id): it does not read its replies")
            closeNow()
        }
    }

    // MARK: Writing and closing

    private func flush() {
        guard !inactive else { return }
        if outbox.flush() == .broken { closeNow() }
    }

    private func writable() {
        guard !inactive else { return }
        switch outbox.writable() {
        case .drained: if closing { closeNow() } else { handleFrames() }
        case .waitingForRoom: break
        case .broken: closeNow()
        }
    }

    /// A client that sent its last request is answered in full, then the connection closes.
    private func closeIfDone() {
        guard inputClosed, !closing, !inactive, !running, nextFrame == frames.count else { return }
        closing = true
        hub.unregister(id)
        if !outbox.waitsForRoom { closeNow() }
    }

    /// Watches the socket for what the connection waits for now: requests while it reads
    /// and is not too far behind, room while replies wait. A socket waiting for nothing
    /// leaves the loop's set, so a hung-up client cannot wake the loop over and over.
    private func updateInterest() {
        var wanted: UInt32 = 0
        if !inactive {
            let waitsForRoom = outbox.waitsForRoom
            let heldBack = waitsForRoom && outbox.linesWaiting >= Self.replyBacklog
            if !inputClosed, !heldBack, frames.count - nextFrame < Self.waitingLimit { wanted |= EPOLLIN.rawValue }
            if waitsForRoom { wanted |= EPOLLOUT.rawValue }
        }
        guard wanted != watching else { return }
        if watching == 0 {
            loop.watch(socket, events: wanted, for: self)
        } else if wanted == 0 {
            loop.forget(socket)
        } else {
            loop.change(socket, events: wanted)
        }
        watching = wanted
    }

    /// Once the connection is gone and nothing it sent is left to handle, its sessions end.
    private func endIfDone() {
        guard inactive, !running, nextFrame == frames.count, !ended else { return }
        ended = true
        onEnded(id)
    }
}
