import CSDBus
import Foundation
import Glibc
public import Logging
public import Playback
import Synchronization
import ThreadJobs

/// The daemon's MPRIS object (`org.mpris.MediaPlayer2.rondo` at `/org/mpris/MediaPlayer2`)
/// on the D-Bus session bus: media keys, desktop media widgets and `playerctl` read the
/// now-playing state and drive the player through it.
///
/// Ownership: sd-bus is not thread-safe, so one thread owns the bus connection, the
/// registered object and the snapshot the properties are read from. Everything else hands it
/// work through ``update(nowPlaying:)``/``update(commands:)`` (a job queue and an eventfd
/// that wakes its `poll`). Method calls are answered later, on that thread, once the player
/// has carried them out. A bus that is missing or goes away is tried again with back-off,
/// and when it is a socket file, as soon as the file is made (``BusSocketWatch``); an
/// environment that names no bus is not tried again. The daemon never waits for it.
public final class MPRISService: @unchecked Sendable {
    /// The well-known name, and the object path of both interfaces.
    public static let busName = "org.mpris.MediaPlayer2.rondo"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// The player the calls drive, as every front end drives it: a media key is refused or
    /// obeyed exactly as `rondo` would be.
    let player: any PlayerCommands
    let logger: Logger
    /// What other threads hand the bus thread; `nil` when no eventfd could be made.
    private let jobs = ThreadJobQueue()
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private var callbacks: UnsafeMutablePointer<rondo_mpris_callbacks>?

    // Owned by the bus thread.
    var bus: OpaquePointer?
    private var rootSlot: OpaquePointer?
    private var playerSlot: OpaquePointer?
    private var state = PlayerNowPlaying()
    private var commands: [RemoteCommandState] = []
    private(set) var snapshot = MPRISSnapshot(state: PlayerNowPlaying(), commands: [])
    private var reconnect = BusReconnect()
    private var toldMissing = false
    /// Where the bus is found, from the environment.
    private let location: SessionBusLocation
    /// The watch on the bus's socket file, while it is one that can be watched.
    private var socketWatch: BusSocketWatch?
    /// The longest wait between two attempts while the socket is watched: its appearance
    /// starts an attempt at once, so this only covers what inotify cannot see.
    static let watchedRetryDelay = 30.0

    /// Creates the object; nothing touches the bus until ``start()``.
    /// - Parameters:
    ///   - player: the player the calls drive.
    ///   - logger: where connection changes are logged.
    ///   - environment: where `DBUS_SESSION_BUS_ADDRESS` and `XDG_RUNTIME_DIR` are read;
    ///     the process's own when `nil`.
    public init(player: any PlayerCommands, logger: Logger, environment: [String: String]? = nil) {
        self.player = player
        self.logger = logger
        location = SessionBusLocation(environment: environment ?? ProcessInfo.processInfo.environment)
    }

    deinit {
        callbacks?.deallocate()
    }

    /// Starts the bus thread, which connects (and reconnects) to the session bus.
    public func start() {
        guard jobs != nil else {
            logger.warning("MPRIS is off: no eventfd to wake its thread (\(String(cString: strerror(errno))))")
            return
        }
        let callbacks = UnsafeMutablePointer<rondo_mpris_callbacks>.allocate(capacity: 1)
        callbacks.initialize(
            to: rondo_mpris_callbacks(
                context: Unmanaged.passUnretained(self).toOpaque(), get_property: mprisGetProperty,
                set_property: mprisSetProperty, call_method: mprisCallMethod))
        self.callbacks = callbacks
        let thread = Thread { [self] in
            runLoop()
            finished.signal()
        }
        thread.name = "rondo-mpris"
        thread.start()
    }

    /// Leaves the bus and stops the thread; waits for it.
    public func stop() {
        guard callbacks != nil, !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        jobs?.wake()
        finished.wait()
    }

    /// The player's now-playing state changed: properties that changed are announced in one
    /// `PropertiesChanged`, and a jump in position with `Seeked`.
    public func update(nowPlaying: PlayerNowPlaying) {
        enqueue { [self] in
            state = nowPlaying
            refresh()
        }
    }

    /// The remote-command center's flags or modes changed.
    public func update(commands: [RemoteCommandState]) {
        enqueue { [self] in
            self.commands = commands
            refresh()
        }
    }

    /// Runs `job` on the bus thread.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        jobs?.enqueue(job)
    }

    /// The player's clock, Unix seconds: the clock of `timestamp` in now-playing.
    func now() -> Double { player.now() }

    /// Where the listener is in the track `snapshot` shows, in seconds: what the output hears
    /// while the player plays, else the snapshot's position carried forward.
    func position(in snapshot: MPRISSnapshot) -> Double {
        let status = player.status.load()
        guard snapshot.playbackStatus == "Playing", status.state == .playing else { return snapshot.position(at: now()) }
        return player.elapsed(of: status)
    }

    // MARK: Bus thread

    private func refresh() {
        let newer = MPRISSnapshot(state: state, commands: commands)
        let changed = snapshot.changedProperties(to: newer)
        let seeked = snapshot.seekedPosition(to: newer)
        snapshot = newer
        guard let bus else { return }
        if !changed.isEmpty { emitPropertiesChanged(changed, on: bus) }
        if let seeked { _ = rondo_mpris_emit_seeked(bus, Self.objectPath, seeked) }
    }

    private func emitPropertiesChanged(_ names: [String], on bus: OpaquePointer) {
        var pointers: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let result = pointers.withUnsafeMutableBufferPointer {
            sd_bus_emit_properties_changed_strv(bus, Self.objectPath, Self.playerInterface, $0.baseAddress)
        }
        if result < 0 { logger.debug("MPRIS: PropertiesChanged not sent: \(String(cString: strerror(-result)))") }
    }

    private func runLoop() {
        if case .socket(let path) = location, let watch = BusSocketWatch(socketPath: path) {
            socketWatch = watch
            reconnect.longestDelay = Self.watchedRetryDelay
        }
        while !stopping.load(ordering: .acquiring) {
            if bus == nil, reconnect.attemptDue(at: Self.monotonicSeconds()) { connect() }
            jobs?.runJobs()
            if let bus, !BusProcessing.drain(bus) { disconnect(reason: "the session bus went away") }
            waitForWork()
        }
        jobs?.runJobs()
        if bus != nil { disconnect(reason: nil) }
    }

    /// Sleeps in `poll` until the bus or a job needs us, or a reconnection attempt is due.
    private func waitForWork() {
        var descriptors = [pollfd(fd: jobs?.wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
        var timeout: Int32 = -1
        if let bus {
            descriptors.append(pollfd(fd: sd_bus_get_fd(bus), events: Int16(sd_bus_get_events(bus)), revents: 0))
            var due: UInt64 = 0
            if sd_bus_get_timeout(bus, &due) >= 0, due != UInt64.max {
                let nowMicroseconds = UInt64(Self.monotonicSeconds() * 1_000_000)
                timeout = Int32(min(60_000, due > nowMicroseconds ? (due - nowMicroseconds + 999) / 1000 : 0))
            }
        } else {
            if let socketWatch { descriptors.append(pollfd(fd: socketWatch.descriptor, events: Int16(POLLIN), revents: 0)) }
            if let due = reconnect.nextAttemptAt {
                timeout = Int32(max(0, min(60_000, ((due - Self.monotonicSeconds()) * 1000).rounded(.up))))
            }
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if descriptors[0].revents & Int16(POLLIN) != 0 { jobs?.acknowledgeWake() }
        if bus == nil, let socketWatch, descriptors.count > 1, descriptors[1].revents & Int16(POLLIN) != 0,
            socketWatch.socketAppeared()
        {
            reconnect.retryNow()
        }
    }

    private func connect() {
        var opened: OpaquePointer?
        var result = sd_bus_open_user(&opened)
        if result >= 0, let opened {
            result = register(on: opened)
            if result >= 0 {
                bus = opened
                reconnect.succeeded()
                toldMissing = false
                logger.info("MPRIS: serving \(Self.busName) on the session bus")
                return
            }
            releaseSlots()
            sd_bus_flush_close_unref(opened)
        }
        reconnect.failed(at: Self.monotonicSeconds())
        if location == .none {
            reconnect.giveUp()
            logger.notice("MPRIS: no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set); MPRIS is off")
        } else if !toldMissing {
            toldMissing = true
            logger.notice(
                "MPRIS: no session bus (\(String(cString: strerror(-result)))); media keys and playerctl reach rondod once one answers")
        }
    }

    /// Adds the object and takes the name (an instance name when another player has it).
    private func register(on bus: OpaquePointer) -> Int32 {
        var result = rondo_mpris_add_object(bus, Self.objectPath, callbacks, &rootSlot, &playerSlot)
        guard result >= 0 else { return result }
        result = sd_bus_request_name(bus, Self.busName, 0)
        if result == -EEXIST {
            let instance = "\(Self.busName).instance\(getpid())"
            logger.notice("MPRIS: \(Self.busName) is taken; serving as \(instance)")
            result = sd_bus_request_name(bus, instance, 0)
        }
        return result
    }

    private func releaseSlots() {
        rootSlot = sd_bus_slot_unref(rootSlot)
        playerSlot = sd_bus_slot_unref(playerSlot)
    }

    private func disconnect(reason: String?) {
        releaseSlots()
        sd_bus_flush_close_unref(bus)
        bus = nil
        if let reason {
            logger.notice("MPRIS: \(reason); connecting again")
            reconnect.failed(at: Self.monotonicSeconds())
        }
    }

    /// CLOCK_MONOTONIC in seconds, the clock of sd-bus timeouts.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
