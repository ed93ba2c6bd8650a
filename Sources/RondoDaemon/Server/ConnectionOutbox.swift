import CLinux
import Glibc
import Synchronization

/// What a client connection has been sent and the socket has not yet taken: replies and
/// events, kept in order, counted as lines until the socket has accepted their last byte.
///
/// Replies are queued by the request loop and written once per batch of requests read
/// (``queue(_:)`` then ``flush()``). Events come from their publishers' threads and are
/// written at once (``deliver(_:)``), so the loop is not woken for them. Bytes the socket
/// does not take wait here; the connection then watches the socket for room
/// (``writable()``), asked through `needsWritable` when a publisher found it full.
///
/// Ownership: the queue and the socket's writes and close are guarded by one mutex, so
/// writes from different threads never interleave and none reaches a closed descriptor.
final class ConnectionOutbox: EventOutbox {
    /// What a write attempt left.
    enum Progress {
        /// Everything queued is written.
        case drained
        /// Bytes are left; the socket is full until it reports room.
        case waitingForRoom
        /// The client is gone (the socket refused the bytes): nothing more can be written.
        case broken
    }

    private struct Queue {
        var bytes: [UInt8] = []
        /// How many bytes of `bytes` the socket has taken.
        var written = 0
        /// Where each queued line ends in `bytes`, from `firstLine` on.
        var lineEnds: [Int] = []
        var firstLine = 0
        var waitsForRoom = false
        var broken = false
        var closed = false

        var linesWaiting: Int { lineEnds.count - firstLine }
    }

    /// The capacity a drained queue keeps for the next replies; a larger one is given back.
    private static let keptCapacity = 8 * 1024

    private let socket: Int32
    private let state = Mutex(Queue())
    private let needsWritable: @Sendable () -> Void

    /// Creates the outbox of `socket`; `needsWritable` asks the request loop to watch it for
    /// room, and is called when an event could not be written whole.
    init(socket: Int32, needsWritable: @escaping @Sendable () -> Void) {
        self.socket = socket
        self.needsWritable = needsWritable
    }

    /// Queues an event line and writes what the socket takes; `false` (nothing queued) when
    /// ``EventHub/outboxCapacity`` lines wait for the client already.
    func deliver(_ line: [UInt8]) -> Bool {
        var askForRoom = false
        let accepted = state.withLock { queue in
            guard append(line, to: &queue) else { return false }
            if !queue.waitsForRoom, writeOut(&queue) == .waitingForRoom {
                queue.waitsForRoom = true
                askForRoom = true
            }
            return true
        }
        if askForRoom { needsWritable() }
        return accepted
    }

    /// Queues a reply line, written by the next ``flush()``; `false` (nothing queued) when
    /// the client does not read what it was sent.
    func queue(_ line: [UInt8]) -> Bool {
        state.withLock { append(line, to: &$0) }
    }

    /// Writes what is queued, unless the socket is known to be full.
    func flush() -> Progress {
        state.withLock { queue in
            if queue.waitsForRoom { return .waitingForRoom }
            let progress = writeOut(&queue)
            queue.waitsForRoom = progress == .waitingForRoom
            return progress
        }
    }

    /// The socket reported room: writes what waited.
    func writable() -> Progress {
        state.withLock { queue in
            let progress = writeOut(&queue)
            queue.waitsForRoom = progress == .waitingForRoom
            return progress
        }
    }

    /// Whether bytes wait for the socket to have room.
    var waitsForRoom: Bool { state.withLock { $0.waitsForRoom } }

    /// How many lines the socket has not taken whole yet.
    var linesWaiting: Int { state.withLock { $0.linesWaiting } }

    /// Closes the socket; what was not written is dropped, and later lines are ignored.
    func close() {
        state.withLock { queue in
            guard !queue.closed else { return }
            queue = Queue(closed: true)
            _ = Glibc.close(socket)
        }
    }

    /// Events end with the connection; nothing to finish.
    func finish() {}

    private func append(_ line: [UInt8], to queue: inout Queue) -> Bool {
        // A closed or broken connection takes lines and drops them: it is ending anyway.
        if queue.closed || queue.broken { return true }
        guard queue.linesWaiting < EventHub.outboxCapacity else { return false }
        queue.bytes.append(contentsOf: line)
        queue.lineEnds.append(queue.bytes.count)
        return true
    }

    private func writeOut(_ queue: inout Queue) -> Progress {
        if queue.broken || queue.closed { return .broken }
        while queue.written < queue.bytes.count {
            let (sent, error) = queue.bytes.withUnsafeBytes { bytes in
                let sent = send(socket, bytes.baseAddress! + queue.written, bytes.count - queue.written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                return (sent, sent < 0 ? errno : 0)
            }
            if sent > 0 {
                queue.written += sent
            } else if error == EINTR {
                continue
            } else if error == EAGAIN || error == EWOULDBLOCK {
                break
            } else {
                queue = Queue(broken: true)
                return .broken
            }
        }
        while queue.firstLine < queue.lineEnds.count, queue.lineEnds[queue.firstLine] <= queue.written { queue.firstLine += 1 }
        if queue.written == queue.bytes.count {
            queue.bytes.removeAll(keepingCapacity: queue.bytes.capacity <= Self.keptCapacity)
            queue.lineEnds.removeAll(keepingCapacity: true)
            queue.written = 0
            queue.firstLine = 0
            return .drained
        }
        if queue.written >= Self.keptCapacity, queue.written * 2 >= queue.bytes.count {
            queue.bytes.removeFirst(queue.written)
            queue.lineEnds = queue.lineEnds[queue.firstLine...].map { $0 - queue.written }
            queue.written = 0
            queue.firstLine = 0
        }
        return .waitingForRoom
    }
}
