import CSDBus
import Foundation
import Glibc
public import Logging
import Synchronization
import ThreadJobs

/// Other programs' MPRIS players (`org.mpris.MediaPlayer2.*` on the D-Bus session bus),
/// paused when the arbiter interrupts their streams and played again when the interruption
/// ends (SPEC §16): found by the process of their bus connection, and played again only when
/// Rondo's pause is the last change the player announced.
///
/// Ownership: sd-bus is not thread-safe, so one thread, `rondo-players`, owns a bus
/// connection of its own (apart from ``MPRISService``'s), the calls awaiting replies and the
/// ``ForeignPauseLedger``. Callers hand it work through a job queue and an eventfd that
/// wakes its `poll`, and hear back through completions, called on that thread: a completion
/// must not block. A bus that is missing or goes away is tried again as ``MPRISService``
/// tries it; meanwhile every pause finds no player, at once.
public final class ForeignPlayers: @unchecked Sendable {
    /// The bus name prefix of MPRIS players.
    static let playerPrefix = "org.mpris.MediaPlayer2."
    /// The object path of every MPRIS player.
    static let playerPath = "/org/mpris/MediaPlayer2"
    /// What the thread hears: every player's `PropertiesChanged` of the player interface.
    static let statusMatch =
        "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(playerPath)',"
        + "arg0='org.mpris.MediaPlayer2.Player'"

    let logger: Logger
    private let jobs = ThreadJobQueue()
    /// Whether jobs are taken: from ``start()`` until ``stop()``. Guards the queue's intake,
    /// so that a job is either run by the thread or refused to its caller, never dropped.
    private let accepting = Mutex<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let address: String?
    private let location: SessionBusLocation

    // Owned by the thread.
    var bus: OpaquePointer?
    private var matchSlot: OpaquePointer?
    /// The calls awaiting replies, by their messages' cookies.
    var pendingCalls: [UInt64: (BusReply) -> Void] = [:]
    var ledger = ForeignPauseLedger()
    /// The completions of pauses not yet answered, by waiter number.
    var waiters: [Int: @Sendable (ForeignPauseOutcome) -> Void] = [:]
    var nextWaiter = 0
    private var reconnect = BusReconnect()
    private var toldMissing = false
    private var socketWatch: BusSocketWatch?

    /// Makes the finder; nothing touches the bus until ``start()``.
    /// - Parameters:
    ///   - logger: where connection changes and what is done to players are logged.
    ///   - environment: where `DBUS_SESSION_BUS_ADDRESS` and `XDG_RUNTIME_DIR` are read;
    ///     the process's own when `nil`.
    public init(logger: Logger, environment: [String: String]? = nil) {
        self.logger = logger
        let environment = environment ?? ProcessInfo.processInfo.environment
        address = SessionBusLocation.address(environment: environment)
        location = SessionBusLocation(environment: environment)
    }

    /// Starts the `rondo-players` thread, which connects (and reconnects) to the session bus.
    public func start() {
        guard let jobs else {
            logger.warning("MPRIS players: off, no eventfd to wake their thread (\(String(cString: strerror(errno))))")
            return
        }
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        accepting.withLock { $0 = true }
        let thread = Thread { [self] in
            runLoop(jobs)
            finished.signal()
        }
        thread.name = "rondo-players"
        thread.start()
    }

    /// Leaves the bus and stops the thread; waits for it. Pauses still under way are answered
    /// ``ForeignPauseOutcome/noPlayer``, resumes `false`.
    public func stop() {
        let wasAccepting = accepting.withLock { accepting in
            defer { accepting = false }
            return accepting
        }
        guard wasAccepting else { return }
        stopping.store(true, ordering: .releasing)
        jobs?.wake()
        finished.wait()
    }

    /// Pauses the MPRIS player of a process, if it plays.
    ///
    /// The player is the one whose bus connection's process is `processID` or, failing that,
    /// its nearest ancestor that has players (a program's audio often comes from a child of
    /// the process that owns its player). Rondo's own player is never one. Among that
    /// process's players, the first (by name) that reports `Playing` is sent `Pause`.
    /// - Parameters:
    ///   - processID: the stream's process.
    ///   - seconds: how long the player has to report `Paused` after `Pause` is sent.
    ///   - completion: called once, on the players' thread: ``ForeignPauseOutcome/paused(player:)``
    ///     when it reported `Paused` in time, ``ForeignPauseOutcome/keptPlaying(player:)``
    ///     when not, ``ForeignPauseOutcome/noPlayer`` when no player of the process was
    ///     playing, or the bus does not answer.
    public func pause(
        processID: Int32, within seconds: Double = 0.5, completion: @escaping @Sendable (ForeignPauseOutcome) -> Void
    ) {
        if !enqueue({ [self] in beginPause(processID: processID, within: seconds, completion: completion) }) {
            completion(.noPlayer)
        }
    }

    /// Plays `player` again if Rondo paused it and nothing changed its status since: no
    /// `PropertiesChanged` of `PlaybackStatus` came after the one of Rondo's pause, it is
    /// still the same connection, and it still reports `Paused`. Either way Rondo forgets
    /// its pause.
    /// - Parameters:
    ///   - player: the bus name ``pause(processID:within:completion:)`` reported.
    ///   - completion: called once, on the players' thread: `true` when the player accepted
    ///     `Play`.
    public func resume(player: String, completion: @escaping @Sendable (Bool) -> Void) {
        if !enqueue({ [self] in beginResume(player: player, completion: completion) }) { completion(false) }
    }

    /// Forgets Rondo's pause of `player`: the interruption ended without resuming it.
    public func forget(player: String) {
        _ = enqueue { [self] in perform(ledger.forget(player: player)) }
    }

    /// Runs `job` on the thread; `false` when the thread does not run (not started, stopped).
    private func enqueue(_ job: @escaping @Sendable () -> Void) -> Bool {
        accepting.withLock { accepting in
            if accepting { jobs?.enqueue(job) }
            return accepting
        }
    }

    // MARK: The thread

    private func runLoop(_ jobs: ThreadJobQueue) {
        if case .socket(let path) = location, let watch = BusSocketWatch(socketPath: path) {
            socketWatch = watch
            reconnect.longestDelay = MPRISService.watchedRetryDelay
        }
        while !stopping.load(ordering: .acquiring) {
            if bus == nil, reconnect.attemptDue(at: MPRISService.monotonicSeconds()) { connect() }
            jobs.runJobs()
            if let bus, !BusProcessing.drain(bus) { disconnect(reason: "the session bus went away") }
            perform(ledger.due(at: MPRISService.monotonicSeconds()))
            waitForWork(jobs)
        }
        jobs.runJobs()
        if bus != nil { disconnect(reason: nil) }
    }

    /// Sleeps in `poll` until the bus or a job needs us, a pause's wait runs out, or a
    /// reconnection attempt is due.
    private func waitForWork(_ jobs: ThreadJobQueue) {
        var descriptors = [pollfd(fd: jobs.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let now = MPRISService.monotonicSeconds()
        var due = ledger.nextDeadline
        if let bus {
            descriptors.append(pollfd(fd: sd_bus_get_fd(bus), events: Int16(sd_bus_get_events(bus)), revents: 0))
            var busDue: UInt64 = 0
            if sd_bus_get_timeout(bus, &busDue) >= 0, busDue != UInt64.max {
                due = min(due ?? .infinity, Double(busDue) / 1_000_000)
            }
        } else {
            if let socketWatch { descriptors.append(pollfd(fd: socketWatch.descriptor, events: Int16(POLLIN), revents: 0)) }
            if let attempt = reconnect.nextAttemptAt { due = min(due ?? .infinity, attempt) }
        }
        let timeout = due.map { Int32(max(0, min(60_000, (($0 - now) * 1000).rounded(.up)))) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if descriptors[0].revents & Int16(POLLIN) != 0 { jobs.acknowledgeWake() }
        if bus == nil, let socketWatch, descriptors.count > 1, descriptors[1].revents & Int16(POLLIN) != 0,
            socketWatch.socketAppeared()
        {
            reconnect.retryNow()
        }
    }

    private func connect() {
        guard let address else {
            reconnect.giveUp()
            logger.notice(
                "MPRIS players: no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set); other programs are muted, not paused")
            return
        }
        var opened: OpaquePointer?
        var result = sd_bus_new(&opened)
        if result >= 0, let opened {
            result = sd_bus_set_address(opened, address)
            if result >= 0 { result = sd_bus_set_bus_client(opened, 1) }
            if result >= 0 { result = sd_bus_start(opened) }
            if result >= 0 {
                // Without an install callback, a match the bus refuses closes the connection.
                result = sd_bus_add_match_async(
                    opened, &matchSlot, Self.statusMatch, foreignPlayersSignal, nil, Unmanaged.passUnretained(self).toOpaque())
            }
            if result >= 0 {
                bus = opened
                reconnect.succeeded()
                toldMissing = false
                logger.info("MPRIS players: watching other programs' players on the session bus")
                return
            }
            matchSlot = sd_bus_slot_unref(matchSlot)
            sd_bus_flush_close_unref(opened)
        }
        reconnect.failed(at: MPRISService.monotonicSeconds())
        if !toldMissing {
            toldMissing = true
            logger.notice(
                "MPRIS players: no session bus (\(String(cString: strerror(-result)))); other programs are muted, not paused, until one answers")
        }
    }

    /// Leaves the bus: the calls awaiting replies fail, the pauses under way find no player,
    /// and Rondo's pauses are forgotten (the players' connections are gone with the bus).
    private func disconnect(reason: String?) {
        matchSlot = sd_bus_slot_unref(matchSlot)
        sd_bus_flush_close_unref(bus)
        bus = nil
        if let reason {
            logger.notice("MPRIS players: \(reason); connecting again")
            reconnect.failed(at: MPRISService.monotonicSeconds())
        }
        let abandoned = pendingCalls
        pendingCalls = [:]
        for (_, handler) in abandoned.sorted(by: { $0.key < $1.key }) { handler(.failure("the bus connection closed")) }
        perform(ledger.forgetAll())
    }
}
