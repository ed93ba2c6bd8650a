import CLinux
import Glibc
import LineServing
import Logging
import MPDProtocol

/// Serves one MPD client on the MPD server's loop: greets it, reads its lines, gathers
/// command lists, runs each command (or list) in turn on a task through ``MPDCommands``,
/// and writes the replies in order; `idle` waits on the ``MPDIdleBoard`` until `noidle` or a
/// change.
///
/// As MPD does: a line longer than ``maximumLineLength`` closes the connection, and so does
/// any line but `noidle` while the client idles. While a command runs, at most
/// ``waitingLimit`` lines are read ahead; while more than ``replyBacklog`` bytes wait for a
/// client that does not read them, nothing more is read.
///
/// Ownership: every property is touched only on the loop's thread; a command's task
/// takes the client's state (``MPDClientState``) with it and gives it back with its reply.
final class MPDConnection: LoopWatched, LineConnection, @unchecked Sendable {
    /// The longest request line taken (MPD closes a client whose line fills its buffer).
    static let maximumLineLength = 64 * 1024
    /// How many read lines may wait behind a running command before reading pauses.
    static let waitingLimit = 256
    /// How many reply bytes may wait for the client before reading pauses.
    static let replyBacklog = 4 << 20
    /// What a connection is greeted with.
    static let greeting = "OK MPD 0.23.5\n"

    let id: Int
    private let socket: Int32
    private let loop: RequestLoop
    private let commands: MPDCommands
    private let board: MPDIdleBoard
    private let logger: Logger
    private let onEnded: (Int) -> Void
    private var client: MPDClientState
    private var lists = MPDCommandLists()
    private var state = LineConnectionState(
        maximumLineLength: maximumLineLength, waitingLimit: waitingLimit, handlesLinesAfterGoing: false)
    private var output = MPDOutput()
    private var written = 0
    private var idling = false

    /// Creates the handler of connection `id` on `socket`, for a client as `client` says.
    init(
        id: Int, socket: Int32, client: MPDClientState, loop: RequestLoop, commands: MPDCommands, board: MPDIdleBoard,
        logger: Logger, onEnded: @escaping (Int) -> Void
    ) {
        self.id = id
        self.socket = socket
        self.client = client
        self.loop = loop
        self.commands = commands
        self.board = board
        self.logger = logger
        self.onEnded = onEnded
    }

    /// Greets the client and starts reading.
    func start() {
        board.register(id)
        output.raw(Self.greeting)
        flush()
        updateInterest()
    }

    func ready(_ events: UInt32) {
        if events & EPOLLOUT.rawValue != 0 { flush() }
        if !state.isGone, !state.inputEnded, events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            loop.read(socket, into: &state)
            handleFrames()
        }
        if !state.isGone { updateInterest() }
    }

    /// Closes the connection now (the daemon stops, or the client is gone); the lines it
    /// sent and were not handled are dropped, as MPD drops them. It ends once a command
    /// running for it has finished.
    func closeNow() {
        guard !state.isGone else { return }
        state.gone()
        board.unregister(id)
        loop.apply(state.watch(0), to: socket, for: self)
        close(socket)
        endIfDone()
    }

    private func endIfDone() {
        if state.endIfDone() { onEnded(id) }
    }

    // MARK: Reading

    private func handleFrames() {
        while let frame = state.takeNext() {
            switch frame {
            case .oversized:
                logger.warning("closing MPD connection \(id): a line longer than \(Self.maximumLineLength) bytes")
                state.close()
            case .line(let line): handle(line)
            }
        }
        if state.isAnswered { state.close() }
        flush()
    }

    private func handle(_ line: [UInt8]) {
        if idling {
            guard line == Array("noidle".utf8) else {
                logger.info("closing MPD connection \(id): only noidle may follow idle")
                state.close()
                return
            }
            idling = false
            board.stopWaiting(id)
            output.ok()
            return
        }
        switch lists.take(line) {
        case .gathered: return
        case .refuse(let error):
            var reply = MPDOutput()
            reply.ack(error)
            output.append(reply.bytes)
        case .run(let requests, let separated):
            if requests.count == 1, !separated {
                if connectionCommand(requests[0]) || runImmediately(requests[0]) { return }
            }
            run(requests, separated: separated)
        }
    }

    /// Handles what only the connection can: `idle`, `noidle` (outside idle: ignored, as
    /// MPD does) and `close`. Returns whether it was one of them.
    private func connectionCommand(_ request: MPDRequest) -> Bool {
        switch request.name {
        case "close":
            state.close()
            return true
        case "noidle":
            return true
        case "idle":
            guard client.isAuthorized else { return false }
            let wanted: Set<MPDSubsystem>
            do throws(MPDAck) {
                wanted = try MPDSubsystem.named(request.arguments)
            } catch {
                var reply = MPDOutput()
                reply.ack(error)
                output.append(reply.bytes)
                return true
            }
            let id = self.id
            let ready = board.wait(id, for: wanted) { [loop, weak self] changed in
                guard let connection = self else { return }
                loop.execute { connection.idleEnded(with: changed) }
            }
            if let ready {
                answerIdle(ready)
            } else {
                idling = true
            }
            return true
        default:
            return false
        }
    }

    private func idleEnded(with changed: Set<MPDSubsystem>) {
        guard idling, !state.isGone else { return }
        idling = false
        answerIdle(changed)
        handleFrames()
        updateInterest()
    }

    private func answerIdle(_ changed: Set<MPDSubsystem>) {
        var reply = MPDOutput()
        for subsystem in MPDSubsystem.allCases where changed.contains(subsystem) { reply.field("changed", subsystem.rawValue) }
        reply.ok()
        output.append(reply.bytes)
    }

    /// Runs `request` where the line was read when it needs no task (`status`, `ping`, an
    /// error), writing its reply. Returns whether it did.
    private func runImmediately(_ request: MPDRequest) -> Bool {
        let start = output.count
        do throws(MPDAck) {
            guard try commands.runImmediately(request, client: &client, into: &output) else { return false }
            output.ok()
        } catch {
            output.truncate(to: start)
            output.ack(error)
        }
        return true
    }

    /// Runs `requests` in order on a task, stopping at the first that fails. The task runs
    /// on the library-read threads, never on this loop: a command's work (SQLite, files,
    /// directory walks, pictures) never holds the loop every MPD client is served by.
    private func run(_ requests: [MPDRequest], separated: Bool) {
        state.started()
        let client = self.client
        let commands = self.commands
        Task(executorPreference: commands.executor) { [loop, self] in
            var state = client
            var reply = MPDOutput()
            var failed = false
            for (index, request) in requests.enumerated() {
                do throws(MPDAck) {
                    try await commands.run(request, client: &state, into: &reply)
                    if separated { reply.listOK() }
                } catch {
                    var error = error
                    error.index = index
                    reply.ack(error)
                    failed = true
                    break
                }
            }
            if !failed { reply.ok() }
            let finished = (state, reply.bytes)
            loop.execute {
                self.state.finished()
                guard !self.state.isGone else { return self.endIfDone() }
                self.client = finished.0
                self.output.append(finished.1)
                self.handleFrames()
                self.updateInterest()
            }
        }
    }

    // MARK: Writing

    private func flush() {
        guard !state.isGone else { return }
        while written < output.count {
            let count = output.bytes.withUnsafeBytes { bytes in
                send(socket, bytes.baseAddress! + written, bytes.count - written, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EAGAIN || errno == EINTR { break }
            closeNow()
            return
        }
        if written == output.count {
            output.clear(keepingCapacityUpTo: 64 * 1024)
            written = 0
            if state.isClosing, !state.isRunning { closeNow() }
        }
    }

    /// Watches the socket for what the connection waits for now (``LineConnectionState``);
    /// a client whose input ended, with nothing running, idling or waiting, is closed.
    private func updateInterest() {
        guard !state.isGone else { return }
        let waiting = output.count - written
        let wanted = state.wantedEvents(repliesWaiting: waiting > 0, repliesBacklogged: waiting >= Self.replyBacklog)
        if wanted == 0, state.inputEnded, !state.isRunning, !idling, waiting == 0 {
            closeNow()
            return
        }
        loop.apply(state.watch(wanted), to: socket, for: self)
    }
}
