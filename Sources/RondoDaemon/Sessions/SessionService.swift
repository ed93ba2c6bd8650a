import Audio
import Focus
import FocusWire
import Foundation
import Logging
import Playback
import RondoProtocol
import Synchronization

/// Glues the pure ``Arbiter`` to the real world: takes session requests from clients and the
/// daemon's player, lets the arbiter decide, and carries out its effects on real audio
/// (ducking and muting sink inputs tagged with the session's id), on the player (pause on
/// interruption, resume on `shouldResume`) and as `session`/`route` events.
///
/// Besides the daemon's real arbiter (the live arena) it keeps sandboxes: isolated arbiters
/// under a policy of their own, opened by a connection for focus scenarios, so a scenario
/// never touches the user's playback. A sandbox keeps its own clock, which moves only when
/// the scenario waits (``advanceSandbox(_:by:owner:)``), so its runs are exact and quick. Session ids are unique across arenas, so gains and
/// mutes reach a sandboxed session's streams like any other's.
///
/// Ownership: the arbiters and the session table are guarded by `table`; each decision and
/// the carrying-out of its effects happen under that lock, so effects reach the audio in the
/// order they were decided. Effects never block: gains and mutes are queued to PulseAudio,
/// player notices go through an ordered stream, events into bounded outboxes. The audio
/// server's reports arrive through a stream too (``reported(_:)``, handled by ``run()``),
/// never from its thread into the lock; each new connection is given every session's gain
/// and mute, so a server that comes back hears the arbiter's state.
final class SessionService: Sendable {
    /// The daemon's own player session.
    static let playerSession: SessionID = "rondo.player"

    /// The arbiters and the sandboxes, all behind ``table``.
    struct Table {
        var arbiters: [SessionArena: Arbiter]
        /// The connection that opened each sandbox.
        var sandboxOwners: [String: Int] = [:]
        /// Each sandbox's clock, in seconds since it opened.
        var sandboxTimes: [String: Double] = [:]
        /// Where each session lives; absent means live.
        var arenas: [SessionID: SessionArena] = [:]
        var nextNumber = 1
        /// The listener's volume for the player, applied under every arbiter gain.
        var playerVolume = 1.0
        /// The other programs' streams adopted, by their session (SPEC §16).
        var foreign: [SessionID: ForeignProgram] = [:]
        /// Foreign sessions whose interruption ended, and whether they should resume, to carry
        /// out once the decision that ended it is (their players played, they activate again).
        var foreignInterruptionsEnded: [(id: SessionID, shouldResume: Bool)] = []
        /// Foreign sessions just interrupted, whose players to pause once the decision is
        /// carried out (the players answer on their own time, and may take this lock).
        var foreignPausesDue: [(id: SessionID, program: ForeignProgram)] = []
        /// Foreign sessions whose stream plays but which the arbiter refused (a call held
        /// priority): muted, and tried again whenever a session releases.
        var refusedForeign: Set<SessionID> = []
        /// Foreign sessions whose stream corked, and when they release if it stays corked
        /// (``SessionService/corkHoldSeconds``).
        var corkedForeign: [SessionID: Double] = [:]

        var live: Arbiter { arbiters[.live]! }
    }

    /// Everything the sessions share; every read and change takes its lock.
    let table: Mutex<Table>
    /// The session control of the audio server's connection up now; `nil` while there is
    /// none, and always on the null output (no streams have gains to set).
    let audio: @Sendable () -> (any SessionAudio)?
    /// Loads a focus policy by name, for sandboxes.
    let loadPolicy: @Sendable (String) throws(ConfigError) -> FocusPolicy
    let hub: EventHub
    let logger: Logger
    /// How long an interrupted session fades to silence, and back when the interruption
    /// ends (`[playback] fade_ms`; 0: muted and unmuted at once).
    let interruptionFadeMilliseconds: Int
    let now: @Sendable () -> Double
    /// What the player must hear about its session, in order.
    let playerNotices: AsyncStream<AudioSessionNotice>
    let playerContinuation: AsyncStream<AudioSessionNotice>.Continuation
    private let audioEvents: AsyncStream<AudioServerEvent>
    private let audioContinuation: AsyncStream<AudioServerEvent>.Continuation
    /// Rung by every live decision, policy change and corked foreign stream, which may move
    /// the next tick.
    let tickAlarm = Alarm()
    /// Which other programs' streams are adopted (`[focus] adopt`).
    let adoptionScope: AdoptionScope
    /// Other programs' MPRIS players, which interruptions of their streams pause; `nil`: none
    /// are paused, their streams are muted.
    let players: (any ForeignPlayerControl)?

    /// Creates the service under `policy`.
    /// - Parameter audio: the session control of the audio server's connection up now
    ///   (``AudioServer/sessionAudio``; a fake in tests); its reports come through ``reported(_:)``.
    /// - Parameter interruptionFadeMilliseconds: how long an interruption fades (`fade_ms`).
    /// - Parameter adoptionScope: which other programs' streams become foreign sessions.
    /// - Parameter players: other programs' MPRIS players, paused when their streams are interrupted.
    init(
        policy: FocusPolicy, loadPolicy: @escaping @Sendable (String) throws(ConfigError) -> FocusPolicy,
        audio: @escaping @Sendable () -> (any SessionAudio)?, hub: EventHub, logger: Logger,
        interruptionFadeMilliseconds: Int = 0, adoptionScope: AdoptionScope = .off,
        players: (any ForeignPlayerControl)? = nil, now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.interruptionFadeMilliseconds = interruptionFadeMilliseconds
        self.adoptionScope = adoptionScope
        self.players = players
        var arbiter = Arbiter(policy: policy, startedAt: now())
        _ = arbiter.handle(
            .open(
                Self.playerSession, name: "rondo.player", owner: .daemon,
                configuration: Self.playerConfiguration(spokenAudio: false)),
            at: now())
        table = Mutex(Table(arbiters: [.live: arbiter]))
        self.audio = audio
        self.loadPolicy = loadPolicy
        self.hub = hub
        self.logger = logger
        self.now = now
        (playerNotices, playerContinuation) = AsyncStream.makeStream()
        (audioEvents, audioContinuation) = AsyncStream.makeStream()
    }

    /// The policy in force.
    var policy: FocusPolicy { table.withLock { $0.live.policy } }

    /// Puts `policy` in force on the live arbiter (a reload); sandboxes keep their own.
    func adopt(_ policy: FocusPolicy) {
        table.withLock { $0.arbiters[.live]?.adopt(policy) }
        tickAlarm.ring()
    }

    /// The real arbiter's state now.
    var state: FocusState { table.withLock { $0.live.state } }

    /// Every session in every arena, live first, then sandboxes by name.
    var allSessions: [(session: FocusSession, arena: SessionArena)] {
        table.withLock { table in
            table.arbiters.sorted { $0.key < $1.key }.flatMap { arena, arbiter in
                arbiter.state.sessions.map { ($0, arena) }
            }
        }
    }

    /// A session and the arena it lives in.
    func find(_ id: SessionID) -> (session: FocusSession, arena: SessionArena)? {
        table.withLock { table in
            let arena = table.arenas[id] ?? .live
            return table.arbiters[arena]?.state.session(id).map { ($0, arena) }
        }
    }

    /// Seconds until the live arbiter needs a tick: just after its next advisory comes due;
    /// `nil` (until rung) with no advisory waiting.
    private func untilNextTick() -> Double? {
        let due = table.withLock { table in
            [table.live.nextAdvisoryDue, table.corkedForeign.values.min()].compactMap { $0 }.min()
        }
        return due.map { $0 - now() + 0.001 }
    }

    /// Takes a report of the audio server; called on its thread, it only queues the report
    /// for ``run()``.
    func reported(_ event: AudioServerEvent) {
        audioContinuation.yield(event)
    }

    /// Handles the audio server's reports and ticks the arbiter's clock (advisories) until
    /// cancelled: when an advisory comes due, not on a fixed period.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await event in self.audioEvents { self.handle(event) }
            }
            group.addTask {
                while !Task.isCancelled {
                    self.releaseCorkedForeignSessions()
                    self.decide(.tick)
                    await self.tickAlarm.sleep(upTo: self.untilNextTick())
                }
            }
        }
    }

    /// Ramps the player's transport fade (1: none) to `level` over `milliseconds`, under its
    /// duck and volume: the sound of a pause or resume that does not cut.
    func fadePlayer(to level: Double, over milliseconds: Int) {
        audio()?.setFade(level, session: Self.playerSession.rawValue, rampMilliseconds: milliseconds)
    }

    /// Sets the listener's volume for the player's streams (0 to 1), kept under every duck
    /// and applied again to a server that comes back.
    func setPlayerVolume(_ volume: Double) {
        table.withLock { table in
            table.playerVolume = volume
            audio()?.setVolume(volume, session: Self.playerSession.rawValue)
        }
    }

    /// The audio server's output devices and the one the player's streams play to; no
    /// devices while no server is connected.
    func outputs() -> (devices: [OutputDevice], inUse: String?) {
        audio()?.outputs(of: Self.playerSession.rawValue) ?? ([], nil)
    }

    /// Stops the streams of reports and gives every session's streams their full level
    /// back, so a daemon that stops leaves no program ducked or muted; called on shutdown.
    /// Waits (at most a second) until the server has taken those changes: the connection
    /// closes right after, and libpulse drops what it has not yet written.
    func shutDown() {
        audioContinuation.finish()
        playerContinuation.finish()
        let audio = audio()
        table.withLock { table in
            for arbiter in table.arbiters.values {
                for session in arbiter.state.sessions { restore(session.id, in: table) }
            }
        }
        if let audio, !audio.flush(within: Self.shutdownFlushSeconds) {
            logger.notice("the audio server did not confirm the sessions' levels restored before rondod stopped")
        }
    }

    /// How long shutdown waits for the audio server to take the restored levels.
    static let shutdownFlushSeconds = 1.0

    /// A fresh session id for a client's session.
    func makeSessionID(prefix: String = "s") -> SessionID {
        table.withLock { table in
            defer { table.nextNumber += 1 }
            return SessionID(rawValue: "\(prefix)\(table.nextNumber)")
        }
    }

    /// The prompt style in `arena`, or `nil` when no such sandbox is open.
    func promptStyle(in arena: SessionArena) -> PromptStyle? {
        table.withLock { $0.arbiters[arena]?.state.promptStyle }
    }

    /// Every arena: live and the open sandboxes.
    var arenas: [SessionArena] { table.withLock { Array($0.arbiters.keys) } }

    /// Lets the arbiter of `arena` decide `event` and carries out the effects.
    /// - Parameters:
    ///   - event: what happened.
    ///   - arena: the live arbiter or a sandbox.
    ///   - alsoUnderLock: more to do in the same critical section, after the effects (so
    ///     nothing decided meanwhile comes between them).
    /// - Returns: the error of the request, when the arbiter refused it (or reported it busy).
    @discardableResult
    func decide(_ event: FocusEvent, in arena: SessionArena = .live, alsoUnderLock: () -> Void = {}) -> FocusError? {
        let (rejection, advisoryMoved) = table.withLock { table -> (FocusError?, Bool) in
            guard var arbiter = table.arbiters[arena] else { return (.badParam("no sandbox \(arena) is open"), false) }
            let dueBefore = arbiter.nextAdvisoryDue
            let before = Set(arbiter.state.sessions.map(\.id))
            let time = arena.sandbox.map { table.sandboxTimes[$0] ?? 0 } ?? now()
            let sessionsBefore = arbiter.state.sessions
            let effects = arbiter.handle(event, at: time)
            table.arbiters[arena] = arbiter
            if case .activate(let id) = event, arbiter.state.session(id)?.state.isActive == true {
                // A session that plays again is heard again: lift the mute of an earlier interruption.
                audio()?.setInterrupted(false, session: id.rawValue, rampMilliseconds: interruptionFadeMilliseconds)
            }
            let rejection = apply(effects, to: &table, sandbox: arena.sandbox)
            if arena == .live { publishChanges(from: sessionsBefore, to: arbiter.state.sessions, foreign: table.foreign) }
            let after = Set(arbiter.state.sessions.map(\.id))
            for gone in before.subtracting(after) {
                restore(gone, in: table)
                table.arenas[gone] = nil
            }
            alsoUnderLock()
            return (rejection, arena == .live && arbiter.nextAdvisoryDue != dueBefore)
        }
        // After the decision, so the loop that wakes sees the new time.
        if advisoryMoved { tickAlarm.ring() }
        for due in table.withLock({ table in
            defer { table.foreignPausesDue = [] }
            return table.foreignPausesDue
        }) {
            pauseForeignPlayer(of: due.program, session: due.id)
        }
        resumeForeignSessions()
        switch event {
        case .deactivate, .close, .ownerGone: retryRefusedForeignSessions()
        default: break
        }
        return rejection
    }

    /// Publishes `session.changed` for every live session opened, closed or in another state
    /// after a decision, in the arbiter's order.
    private func publishChanges(from before: [FocusSession], to after: [FocusSession], foreign: [SessionID: ForeignProgram]) {
        let previous = Dictionary(before.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        for session in after where previous[session.id] != session.state {
            let info = SessionMapping.info(session, sandbox: nil, foreign: foreign[session.id])
            hub.publish(
                .session(SessionChanged(session: info.session, name: info.name, state: info.state, foreign: info.foreign)))
        }
        let remaining = Set(after.map(\.id))
        for session in before where !remaining.contains(session.id) {
            hub.publish(.session(SessionChanged(session: session.id.rawValue, name: session.name, state: nil)))
        }
    }

    /// Records that the session `id`, about to be opened, lives in `arena`.
    func place(_ id: SessionID, in arena: SessionArena) {
        guard arena != .live else { return }
        table.withLock { $0.arenas[id] = arena }
    }

    /// Gives a closed session's streams (a program that outlives its session) their full
    /// level back, and forgets it.
    private func restore(_ id: SessionID, in table: Table) {
        guard let audio = audio() else { return }
        audio.setGain(1, session: id.rawValue, rampMilliseconds: 0)
        audio.setInterrupted(false, session: id.rawValue, rampMilliseconds: 0)
        audio.forget(session: id.rawValue)
    }

    /// Carries out effects in order; returns the rejection among them, if any.
    private func apply(_ effects: [FocusEffect], to table: inout Table, sandbox: String?) -> FocusError? {
        var rejection: FocusError?
        let audio = effects.isEmpty ? nil : audio()
        for effect in effects {
            switch effect {
            case .duck(let id, let gain, let ramp):
                audio?.setGain(gain, session: id.rawValue, rampMilliseconds: ramp)
                hub.publish(.sessionGain(SessionGain(session: id.rawValue, gain: gain)))
            case .unduck(let id, let ramp):
                audio?.setGain(1, session: id.rawValue, rampMilliseconds: ramp)
                hub.publish(.sessionGain(SessionGain(session: id.rawValue, gain: 1)))
            case .interrupt(let id, let reason):
                // Faded out here, the player included: it pauses only when its actor gets
                // to the notice, and must not be heard over the interrupter after the fade.
                audio?.setInterrupted(true, session: id.rawValue, rampMilliseconds: interruptionFadeMilliseconds)
                if id == Self.playerSession { playerContinuation.yield(.interruptionBegan) }
                if let program = table.foreign[id] { table.foreignPausesDue.append((id, program)) }
                hub.publish(
                    .interruption(SessionInterruption(session: id.rawValue, type: .began, reason: InterruptionReasonName(reason))))
            case .endInterruption(let id, let shouldResume):
                if id == Self.playerSession { playerContinuation.yield(.interruptionEnded(shouldResume: shouldResume)) }
                if table.foreign[id] != nil { table.foreignInterruptionsEnded.append((id, shouldResume)) }
                hub.publish(
                    .interruption(SessionInterruption(session: id.rawValue, type: .ended, shouldResume: shouldResume)))
            case .reject(let error):
                rejection = error
            case .promptStyleChanged(let style):
                hub.publish(
                    .promptStyle(PromptStyleResult(promptStyle: PromptStyleName(style), sandbox: sandbox)))
            case .advisory(let id, let message):
                logger.notice("session \(id): \(message)")
                hub.publish(.advisory(SessionAdvisory(session: id.rawValue, message: message)))
            case .routeChanged(let reason, _):
                // A real device change is published by the route handler, which knows the
                // sinks' names; a sandbox's simulated one here.
                if let sandbox {
                    hub.publish(
                        .route(RouteChanged(reason: RouteChangeReasonName(reason), previousSink: nil, sink: nil, sandbox: sandbox)))
                }
            }
        }
        return rejection
    }

    /// A connection to the audio server was made: it is given the player's volume and
    /// every session's gain and mute.
    func audioConnected() {
        guard let audio = audio() else { return }
        table.withLock { table in
            audio.setVolume(table.playerVolume, session: Self.playerSession.rawValue)
            for session in table.arbiters.values.flatMap(\.state.sessions) {
                if session.gain != 1 { audio.setGain(session.gain, session: session.id.rawValue, rampMilliseconds: 0) }
                if session.state == .interrupted { audio.setInterrupted(true, session: session.id.rawValue, rampMilliseconds: 0) }
            }
        }
    }
}
