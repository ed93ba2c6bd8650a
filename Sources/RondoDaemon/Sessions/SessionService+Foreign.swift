import Audio
import Focus
import Logging
import RondoMPRIS
import Synchronization

/// What the daemon keeps of another program's stream it adopted: what the program said of
/// it, the rule that took it in, and the player an interruption paused.
struct ForeignProgram: Sendable, Equatable {
    /// The stream as the audio server reported it.
    var stream: ForeignAudioStream
    /// How the session is silenced when interrupted.
    var control: ForeignControl
    /// The `[[adopt]]` rule that matched (its place in the policy), `nil` for `[adopt_default]`.
    var rule: Int?
    /// The MPRIS player (its bus name) Rondo paused for the interruption in force.
    var pausedPlayer: String?
    /// Whether the stream went away while its player was paused: the session stays, so the
    /// interruption's end still plays the player, and closes then.
    var streamGone = false
}

/// Pauses and plays other programs' MPRIS players (``ForeignPlayers``); a protocol so the
/// session service's decisions are tested without a bus.
protocol ForeignPlayerControl: Sendable {
    /// Pauses the player of process `processID` (or of its nearest ancestor with one); the
    /// outcome comes to `completion` once, on any thread.
    func pause(processID: Int32, within seconds: Double, completion: @escaping @Sendable (ForeignPauseOutcome) -> Void)
    /// Plays `player` again if Rondo's pause is still the last change of its state.
    func resume(player: String, completion: @escaping @Sendable (Bool) -> Void)
    /// Forgets Rondo's pause of `player`: it will not be played again.
    func forget(player: String)
}

extension ForeignPlayers: ForeignPlayerControl {}

/// Other programs' streams as sessions (SPEC §16): a stream the policy's `[[adopt]]` rules
/// take in becomes a foreign session, active while its stream plays, deactivated with
/// notify-others once it has stayed corked a moment, closed when it goes; ducks and interruptions reach it as
/// they reach any session's streams. Called by ``handle(_:)`` in the audio server's order.
extension SessionService {
    /// Whether `id` is an adopted stream's session.
    func isForeign(_ id: SessionID) -> Bool {
        table.withLock { $0.foreign[id] != nil }
    }

    /// The program behind a foreign session.
    func foreignProgram(_ id: SessionID) -> ForeignProgram? {
        table.withLock { $0.foreign[id] }
    }

    /// Opens a session for a new stream of another program when a rule takes it in, and
    /// hands the stream to it; a stream no rule names is left alone.
    func adoptForeignStream(_ stream: ForeignAudioStream) {
        let described = ForeignStream(
            direction: stream.captures ? .capture : .playback, mediaRole: stream.mediaRole, application: stream.application, binary: stream.binary,
            mediaName: stream.mediaName)
        let label = Self.label(of: stream)
        guard let adoption = policy.adoption(of: described, scope: adoptionScope) else {
            logger.debug("\(Self.kind(of: stream)) \(stream.index) (\(label)) is left alone: no [[adopt]] rule takes it")
            return
        }
        let id = makeSessionID(prefix: "foreign")
        let program = ForeignProgram(stream: stream, control: adoption.control, rule: adoption.rule)
        table.withLock { $0.foreign[id] = program }
        if let error = decide(.open(id, name: label, owner: .daemon, configuration: adoption.configuration)) {
            table.withLock { $0.foreign[id] = nil }
            logger.warning("\(Self.kind(of: stream)) \(stream.index) (\(label)) could not be adopted: \(error.message)")
            return
        }
        let rule = adoption.rule.map { "[[adopt]] rule \($0 + 1)" } ?? "[adopt_default]"
        logger.debug("\(Self.kind(of: stream)) \(stream.index) (\(label)) is session \(id), by \(rule) of policy \(policy.name)")
        audio()?.adopt(stream, as: id.rawValue)
    }

    /// A foreign session's stream plays: the session activates. When the arbiter refuses
    /// (a call holds priority), its stream is faded out and muted, as an app that may not
    /// play is silent on iOS, until it plays again.
    func foreignSoundStarted(_ id: SessionID) {
        table.withLock { _ = $0.corkedForeign.removeValue(forKey: id) }
        guard let error = decide(.activate(id)) else { return }
        logger.info("session \(id) may not play now (\(error.message)): its stream is muted until it may")
        table.withLock { _ = $0.refusedForeign.insert(id) }
        audio()?.setInterrupted(true, session: id.rawValue, rampMilliseconds: interruptionFadeMilliseconds)
    }

    /// A foreign session's stream stopped playing: it releases, with notify-others, once its
    /// stream has stayed corked for ``corkHoldSeconds``.
    func foreignSoundStopped(_ id: SessionID) {
        table.withLock { table in
            table.refusedForeign.remove(id)
            table.corkedForeign[id] = now() + Self.corkHoldSeconds
        }
        tickAlarm.ring()
    }

    /// How long a foreign stream may stay corked and keep its focus. Players cork for a
    /// moment without stopping: mpv corks, flushes and uncorks to seek, and to start again
    /// after an underrun on a busy machine; releasing at once would let what it ducked or
    /// interrupted blip back in, and take the focus again a moment later.
    static let corkHoldSeconds = 0.3

    /// Releases, with notify-others, the foreign sessions whose streams have stayed corked
    /// for ``corkHoldSeconds``; unless one is interrupted (its player paused for it, most
    /// likely), so that the interruption's end still reaches it. The run loop calls it on
    /// each tick.
    func releaseCorkedForeignSessions() {
        let due = table.withLock { table in
            let time = now()
            let due = table.corkedForeign.filter { $0.value <= time }.keys.sorted { $0.rawValue < $1.rawValue }
            for id in due { table.corkedForeign[id] = nil }
            return due
        }
        for id in due where find(id)?.session.state != .interrupted {
            decide(.deactivate(id, notifyOthers: true))
        }
    }

    /// Pauses the MPRIS player of an interrupted foreign session's program (rule control
    /// `mpris`); its stream is faded out and muted meanwhile, which is what stays for a
    /// program without a player or one that keeps playing. Called outside the table's lock:
    /// the answer may come at once, on this thread.
    func pauseForeignPlayer(of program: ForeignProgram, session id: SessionID) {
        guard program.control == .mpris, let players, let pid = program.stream.processID else { return }
        players.pause(processID: pid, within: Self.playerPauseSeconds) { [weak self] outcome in
            self?.foreignPlayerAnswered(outcome, for: id)
        }
    }

    /// How long a player may take to report itself paused before it counts as playing on.
    static let playerPauseSeconds = 0.5

    /// What came of pausing a foreign session's player: a paused player is remembered, to be
    /// played at the interruption's end (at once if that end came first); a player that
    /// played on, or none, leaves the stream muted.
    private func foreignPlayerAnswered(_ outcome: ForeignPauseOutcome, for id: SessionID) {
        switch outcome {
        case .paused(let player):
            let stillInterrupted = table.withLock { table in
                guard table.foreign[id] != nil, table.live.state.session(id)?.state == .interrupted else { return false }
                table.foreign[id]?.pausedPlayer = player
                return true
            }
            logger.info("session \(id): paused \(player)\(stillInterrupted ? "" : "; its interruption is over already")")
            if !stillInterrupted { players?.resume(player: player) { _ in } }
        case .keptPlaying(let player):
            logger.notice("session \(id): \(player) did not pause; its stream stays muted instead")
        case .noPlayer:
            logger.debug("session \(id): its program has no MPRIS player playing; its stream stays muted instead")
        }
    }

    /// Tries again the foreign sessions the arbiter refused while their streams play on
    /// muted: one that may play now is activated, which lifts its mute.
    func retryRefusedForeignSessions() {
        for id in table.withLock({ $0.refusedForeign.sorted { $0.rawValue < $1.rawValue } }) {
            guard table.withLock({ $0.refusedForeign.contains(id) }), isForeign(id) else { continue }
            if decide(.activate(id)) == nil {
                table.withLock { _ = $0.refusedForeign.remove(id) }
                logger.info("session \(id) may play now: its stream is heard again")
            }
        }
    }

    /// An adopted stream (a source output when `captures`) went away: its session closes,
    /// and what it ducked or interrupted comes back.
    func foreignStreamGone(_ index: UInt32, captures: Bool) {
        let id = table.withLock { table in
            table.foreign.first { $0.value.stream.index == index && $0.value.stream.captures == captures }?.key
        }
        guard let id else { return }
        let waitsForItsPlayer = table.withLock { table in
            guard table.foreign[id]?.pausedPlayer != nil, table.live.state.session(id)?.state == .interrupted else { return false }
            table.foreign[id]?.streamGone = true
            return true
        }
        guard !waitsForItsPlayer else { return }
        closeForeignSession(id)
    }

    /// Closes a foreign session and forgets its program (and any pause of its player).
    private func closeForeignSession(_ id: SessionID) {
        let program = table.withLock { table in
            table.refusedForeign.remove(id)
            table.corkedForeign[id] = nil
            return table.foreign.removeValue(forKey: id)
        }
        if let player = program?.pausedPlayer { players?.forget(player: player) }
        decide(.close(id))
    }

    /// Closes every foreign session: their streams are reported again by the next connection.
    func closeForeignSessions() {
        for id in table.withLock({ Array($0.foreign.keys) }) { closeForeignSession(id) }
    }

    /// Carries out the ends of foreign sessions' interruptions: with `shouldResume` the player
    /// Rondo paused plays again and the session activates again (which unmutes its stream);
    /// without, the pause is forgotten. A session whose stream went meanwhile closes.
    func resumeForeignSessions() {
        while let ended = table.withLock({ $0.foreignInterruptionsEnded.isEmpty ? nil : $0.foreignInterruptionsEnded.removeFirst() }) {
            let program = table.withLock { table in
                defer { table.foreign[ended.id]?.pausedPlayer = nil }
                return table.foreign[ended.id]
            }
            guard let program else { continue }
            if let player = program.pausedPlayer, ended.shouldResume, !program.streamGone {
                players?.resume(player: player) { [weak self] played in self?.foreignPlayerResumed(ended.id, player, played) }
                continue
            }
            if let player = program.pausedPlayer {
                if ended.shouldResume { players?.resume(player: player) { _ in } } else { players?.forget(player: player) }
            }
            if program.streamGone {
                closeForeignSession(ended.id)
            } else if ended.shouldResume {
                decide(.activate(ended.id))
            }
        }
    }

    /// A foreign session's player was asked to play again at its interruption's end: the
    /// session activates when it plays, or when the listener played it during the
    /// interruption (its stream sounds, muted); one they paused again stays inactive.
    private func foreignPlayerResumed(_ id: SessionID, _ player: String, _ played: Bool) {
        logger.info("session \(id): \(player) \(played ? "plays again" : "was touched since, and is left as the listener left it")")
        guard isForeign(id), played || audio()?.isSounding(session: id.rawValue) == true else { return }
        decide(.activate(id))
    }

    /// How a program's stream is named in the log and in `session.list`: its application,
    /// else its binary, else its sink input or source output.
    private static func label(of stream: ForeignAudioStream) -> String {
        stream.application ?? stream.binary ?? "\(kind(of: stream)) \(stream.index)"
    }

    /// What the audio server calls the stream: a sink input, or a source output.
    private static func kind(of stream: ForeignAudioStream) -> String {
        stream.captures ? "source output" : "sink input"
    }
}
