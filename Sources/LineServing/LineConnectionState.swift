import CLinux
import Glibc

/// Where a line connection is, whatever its protocol: the lines read and not yet handled,
/// whether a request runs, whether the client's input ended, whether the connection is
/// closing (it answers what it has, then closes) or gone, and what its socket is watched
/// for. Both sockets' connections keep one, and the rules they share are decided here,
/// without I/O: when to read, when the next line is handed over, when the client is
/// answered in full, when the connection has ended. A connection keeps only its
/// protocol's own parts (replies and events, command lists, `idle`).
///
/// The framing is the connection's: its longest line, and whether the lines read before
/// the connection went are still handled (their replies lost), as Rondo's socket does for
/// requests that change state, or dropped, as MPD does.
public struct LineConnectionState {
    /// How many lines read may wait behind a running request before reading pauses.
    public let waitingLimit: Int
    /// Whether lines read before the connection went are still handled.
    public let handlesLinesAfterGoing: Bool
    private var splitter: LineSplitter
    /// Lines read and not yet handled, from `next` on.
    private var frames: [Frame] = []
    private var next = 0
    /// Whether a request runs (its reply is not queued yet): the lines after it wait.
    public private(set) var isRunning = false
    /// Whether the client's input ended (it closed or half-closed its side).
    public private(set) var inputEnded = false
    /// Whether the connection closes once what is queued is written.
    public private(set) var isClosing = false
    /// Whether the socket is closed: nothing more is read or written.
    public private(set) var isGone = false
    /// Whether the connection has ended: gone, with nothing it sent left to handle.
    public private(set) var hasEnded = false
    /// The epoll events the loop watches the socket for; 0 when it is not in the loop's set.
    public private(set) var watching: UInt32 = 0

    /// A connection that has read nothing yet, taking lines up to `maximumLineLength`.
    public init(maximumLineLength: Int, waitingLimit: Int, handlesLinesAfterGoing: Bool) {
        splitter = LineSplitter(maximumLength: maximumLineLength)
        self.waitingLimit = waitingLimit
        self.handlesLinesAfterGoing = handlesLinesAfterGoing
    }

    // MARK: Reading

    /// Takes `bytes` the client sent, as lines (nothing once its input ended or it is gone).
    public mutating func received(_ bytes: UnsafeRawBufferPointer) {
        guard !inputEnded, !isGone else { return }
        splitter.append(bytes, to: &frames)
    }

    /// The client's input ended: a last line without its `\n` counts as a line.
    public mutating func endOfInput() {
        guard !inputEnded else { return }
        inputEnded = true
        if let last = splitter.finish() { frames.append(last) }
    }

    /// How many lines read wait to be handled.
    public var linesWaiting: Int { frames.count - next }

    // MARK: Handling

    /// Whether a line waits and may be handed over now: none runs, the connection is not
    /// closing, and it is not gone unless its lines are handled after it went.
    public var mayHandleNext: Bool {
        !isRunning && !isClosing && next < frames.count && (!isGone || handlesLinesAfterGoing)
    }

    /// Hands over the next line to handle, if one ``mayHandleNext``.
    public mutating func takeNext() -> Frame? {
        guard mayHandleNext else { return nil }
        let frame = frames[next]
        next += 1
        if next == frames.count {
            frames.removeAll(keepingCapacity: frames.count <= waitingLimit)
            next = 0
        }
        return frame
    }

    /// A request runs from now on; the lines after it wait until ``finished()``.
    public mutating func started() {
        isRunning = true
    }

    /// The running request's reply is queued.
    public mutating func finished() {
        isRunning = false
    }

    /// Whether every line read is handled and none runs.
    public var isIdle: Bool { !isRunning && linesWaiting == 0 }

    // MARK: Closing

    /// The connection closes once what is queued is written (the client asked to, or broke
    /// its protocol); the lines after it are not handled.
    public mutating func close() {
        isClosing = true
    }

    /// Whether the client has been answered in full and may be closed once its replies are
    /// written: it asked to close, or its input ended and every line it sent is handled.
    public var isAnswered: Bool { !isRunning && (isClosing || (inputEnded && linesWaiting == 0)) }

    /// The socket is closed: nothing more is read or written. Its lines are still handled
    /// when ``handlesLinesAfterGoing``, else dropped.
    public mutating func gone() {
        isGone = true
        if !handlesLinesAfterGoing {
            frames.removeAll()
            next = 0
        }
    }

    /// Ends the connection once it is gone and nothing it sent is left to handle. Returns
    /// `true` the one time it ends.
    public mutating func endIfDone() -> Bool {
        guard isGone, isIdle, !hasEnded else { return false }
        hasEnded = true
        return true
    }

    // MARK: Watching

    /// The epoll events the socket should be watched for now: requests while the client
    /// writes, the connection is not closing, the replies waiting for it are not too many
    /// (`repliesBacklogged`) and not too many lines wait; room while replies wait
    /// (`repliesWaiting`). Nothing once gone, so a hung-up client cannot wake the loop.
    public func wantedEvents(repliesWaiting: Bool, repliesBacklogged: Bool) -> UInt32 {
        guard !isGone else { return 0 }
        var wanted: UInt32 = 0
        if !inputEnded, !isClosing, !repliesBacklogged, linesWaiting < waitingLimit { wanted |= EPOLLIN.rawValue }
        if repliesWaiting { wanted |= EPOLLOUT.rawValue }
        return wanted
    }

    /// How the loop's set must change for the socket to be watched for `wanted`, recorded
    /// as what is watched from now on.
    public mutating func watch(_ wanted: UInt32) -> WatchChange {
        defer { watching = wanted }
        if wanted == watching { return .unchanged }
        if watching == 0 { return .add(wanted) }
        if wanted == 0 { return .remove }
        return .modify(wanted)
    }
}

/// A change to the events a loop watches one socket for (``LineConnectionState/watch(_:)``).
public enum WatchChange: Equatable, Sendable {
    /// Nothing changes.
    case unchanged
    /// The socket joins the loop's set, watched for these events.
    case add(UInt32)
    /// The socket is watched for these events instead.
    case modify(UInt32)
    /// The socket leaves the loop's set.
    case remove
}

extension RequestLoop {
    /// Carries out `change` for `socket`, watched on behalf of `object`. Loop only.
    public func apply(_ change: WatchChange, to socket: Int32, for object: any LoopWatched) {
        switch change {
        case .unchanged: break
        case .add(let events): watch(socket, events: events, for: object)
        case .modify(let events): self.change(socket, events: events)
        case .remove: forget(socket)
        }
    }

    /// Reads what `socket` holds into `connection`'s lines, with the loop's buffer; an
    /// end of file or an error other than `EAGAIN` or `EINTR` ends its input. Loop only.
    public func read(_ socket: Int32, into connection: inout LineConnectionState) {
        let (count, error) = withReadBuffer { buffer -> (Int, Int32) in
            let count = Glibc.read(socket, buffer.baseAddress, buffer.count)
            guard count > 0 else { return (count, errno) }
            connection.received(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            return (count, 0)
        }
        if count == 0 || (count < 0 && error != EAGAIN && error != EINTR) { connection.endOfInput() }
    }
}
