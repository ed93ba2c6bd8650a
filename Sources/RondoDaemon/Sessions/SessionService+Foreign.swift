import Audio
import Focus
import Logging
import Synchronization

/// What the daemon keeps of another program's stream it adopted: what the program said of
/// it and the rule that took it in.
struct ForeignProgram: Sendable, Equatable {
    /// The stream as the audio server reported it.
    var stream: ForeignAudioStream
    /// How the session is silenced when interrupted.
    var control: ForeignControl
    /// The `[[adopt]]` rule that matched (its place in the policy), `nil` for `[adopt_default]`.
    var rule: Int?
}

/// Other programs' streams as sessions (SPEC §16): a stream the policy's `[[adopt]]` rules
/// take in becomes a foreign session, active while its stream plays, deactivated with
/// notify-others when it corks, closed when it goes; ducks and interruptions reach it as
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
        guard let error = decide(.activate(id)) else { return }
        logger.info("session \(id) may not play now (\(error.message)): its stream is muted until it may")
        table.withLock { _ = $0.refusedForeign.insert(id) }
        audio()?.setInterrupted(true, session: id.rawValue, rampMilliseconds: interruptionFadeMilliseconds)
    }

    /// A foreign session's stream stopped playing: it releases, with notify-others.
    func foreignSoundStopped(_ id: SessionID) {
        table.withLock { _ = $0.refusedForeign.remove(id) }
        decide(.deactivate(id, notifyOthers: true))
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
        table.withLock { table in
            table.foreign[id] = nil
            table.refusedForeign.remove(id)
        }
        decide(.close(id))
    }

    /// Closes every foreign session: their streams are reported again by the next connection.
    func closeForeignSessions() {
        for id in table.withLock({ Array($0.foreign.keys) }) {
            table.withLock { table in
                table.foreign[id] = nil
                table.refusedForeign.remove(id)
            }
            decide(.close(id))
        }
    }

    /// Activates again the foreign sessions whose interruption ended with `shouldResume`.
    func resumeForeignSessions() {
        while let id = table.withLock({ $0.foreignResumes.popLast() }) {
            guard isForeign(id) else { continue }
            decide(.activate(id))
        }
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
