import CPulse

/// Ducks, interrupts and watches the PulseAudio sink inputs of Rondo's sessions: every
/// sink input whose proplist carries ``sessionProperty`` (a command run with
/// `rondo session exec` gets it through `PULSE_PROP`; the daemon's own streams set it), and
/// other programs' sink inputs once the daemon adopts them into a session
/// (``adopt(stream:as:)``, SPEC §16).
///
/// It rides on the ``AudioServer``'s connection and subscribes to sink-input and sink events
/// there (the one subscription of that connection), so it knows
/// which session each sink input belongs to, which sink it plays to and whether it is
/// corked. Gains and mutes are remembered per session and applied at once to sink inputs
/// of the session that appear later.
///
/// Corking is not available to it: the server takes a cork request
/// (`PA_STREAM_EVENT_REQUEST_CORK`) only from its own modules (module-role-cork calls
/// `pa_sink_input_send_event` inside the server); the native protocol has no command by
/// which one client sends a stream event to another client's sink input, and a cork
/// command reaches only the sender's own streams. An interruption therefore mutes.
///
/// Volumes are sink-input volumes (`pa_context_set_sink_input_volume`): with the server's
/// `flat-volumes` off (the default) they scale the stream relative to its sink, as a gain.
///
/// Threading: every method may be called from any thread, ``onEvent`` included; none waits
/// for the server. State lives on the connection's mainloop thread and is guarded by its
/// lock. If the server goes away the
/// control stays disconnected (``isConnected`` turns false); the audio server makes a new
/// one with its next connection.
public final class SessionAudioControl: @unchecked Sendable {
    /// The proplist key naming the session a sink input belongs to.
    public static let sessionProperty = "rondo.session.id"

    /// Time between two volume steps of a ramp, in microseconds.
    static let rampStep: UInt64 = 5_000

    let connection: PulseConnection
    let onEvent: @Sendable (AudioServerEvent) -> Void
    /// The sink inputs and sinks known; guarded by the mainloop lock.
    var table = SinkInputTable()
    /// The server's default sink, by name, as last reported; guarded by the mainloop lock.
    var defaultSink: String?
    /// Remembered gain, ramp and mute per session; guarded by the mainloop lock.
    var volumes: [String: SessionVolume] = [:]
    /// The mainloop timer stepping ramps, made on first use; guarded by the mainloop lock.
    var rampTimer: OpaquePointer?
    /// New sink inputs of sessions, by index, until when (libpulse monotonic microseconds)
    /// their volume and mute are held to the session's; guarded by the mainloop lock.
    var settling: [UInt32: UInt64] = [:]
    /// How long a new sink input's volume is held: a server may restore a remembered volume
    /// shortly after the stream appears, and PipeWire acknowledges a volume before it applies it.
    static let settleTime: UInt64 = 1_500_000
    /// This client's index at the server, which its own sink inputs carry; guarded by the
    /// mainloop lock.
    var ownClient = UInt32.max
    /// This client's sink inputs whose stream is still being created; guarded by the mainloop lock.
    var openingOwnStreams: Set<UInt32> = []
    /// This client's streams that were ready before their sink input was reported; guarded
    /// by the mainloop lock.
    var readyOwnStreams: Set<UInt32> = []
    /// Other programs' sink inputs, by index, as last reported; guarded by the mainloop lock.
    var foreignStreams: [UInt32: ForeignStreamState] = [:]
    /// The listener's volume for each restore key (``ForeignStreamState/restoreKey``) whose
    /// last adopted stream went away ducked, faded or muted by the control: what a server
    /// that restores volumes by role or application must not carry into the key's next
    /// stream; guarded by the mainloop lock.
    var foreignLevelsLeft: [String: Double] = [:]
    /// Other programs' source outputs, by index: the session each was adopted into (`nil`:
    /// none yet) and whether it is corked; guarded by the mainloop lock.
    var foreignCaptures: [UInt32: (session: String?, corked: Bool)] = [:]

    /// Subscribes to the sink and sink-input events of `connection` and reads the sinks and
    /// sink inputs already there.
    /// - Parameters:
    ///   - connection: the audio server's connection; the control makes its only
    ///     subscription, and the audio server closes it before it lets the control go.
    ///   - onEvent: called for every ``AudioServerEvent``, in order, on the mainloop thread
    ///     with its lock held. It must return quickly; it may call this control's methods
    ///     (they run at once) but must not release the last reference to the control.
    ///     Sessions already making sound at start are reported as started.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when the server goes away meanwhile.
    init(connection: PulseConnection, onEvent: @escaping @Sendable (AudioServerEvent) -> Void) throws(AudioError) {
        self.connection = connection
        self.onEvent = onEvent
        try connection.withLock { () throws(AudioError) in try subscribe() }
        connection.onStreamReady { [weak self] index in self?.ownStreamReady(index) }
    }

    deinit {
        connection.withLock {
            if let context = connection.context { pa_context_set_subscribe_callback(context, nil, nil) }
            if let rampTimer { connection.freeTimer(rampTimer) }
        }
        connection.onStreamReady(nil)
    }

    /// Whether the connection to the server is still up.
    public var isConnected: Bool { connection.isAlive }

    /// Ramps every sink input of `session` from the session's current gain to `gain`, and
    /// remembers it for sink inputs of the session that appear later.
    ///
    /// The ramp is linear in gain, in steps of about 5 ms on the mainloop's timer; a new ramp
    /// replaces one in progress, starting from the gain reached. Returns at once.
    /// - Parameters:
    ///   - gain: the linear gain, 1 for full volume, 0.3 for a typical duck (clamped at 0).
    ///   - session: the session id.
    ///   - rampMilliseconds: the ramp's length; 0 or less sets the gain at once.
    public func setGain(_ gain: Double, session: String, rampMilliseconds: Int) {
        connection.withLock {
            let now = pa_rtclock_now()
            let duration = UInt64(max(0, rampMilliseconds)) * 1_000
            volumes[session, default: SessionVolume()].ramp(to: max(0, gain), over: duration, at: now)
            applyGain(of: session)
            if volumes[session]?.isRamping == true { scheduleRampStep(after: now) }
        }
    }

    /// Ramps the transport's fade of `session` to `level` over `rampMilliseconds`, as
    /// ``setGain(_:session:rampMilliseconds:)`` ramps the gain, under it. Returns at once.
    public func setFade(_ level: Double, session: String, rampMilliseconds: Int) {
        connection.withLock {
            let now = pa_rtclock_now()
            volumes[session, default: SessionVolume()].fade(
                to: min(max(level, 0), 1), over: UInt64(max(0, rampMilliseconds)) * 1_000, at: now)
            applyGain(of: session)
            if volumes[session]?.isRamping == true { scheduleRampStep(after: now) }
        }
    }

    /// Sets the listener's own volume for `session` at once on every sink input of it, and
    /// remembers it for later ones; the arbiter's gain (``setGain(_:session:rampMilliseconds:)``)
    /// still multiplies it. Returns at once.
    /// - Parameters:
    ///   - volume: the linear gain, 0 to 1 (clamped).
    ///   - session: the session id.
    public func setVolume(_ volume: Double, session: String) {
        connection.withLock {
            volumes[session, default: SessionVolume()].volume = min(max(volume, 0), 1)
            applyGain(of: session)
        }
    }

    /// Interrupts `session` (`true`): every sink input of it fades to silence over
    /// `rampMilliseconds` and is then muted, and sink inputs of the session that appear later
    /// stay silent while it is interrupted. Ending the interruption (`false`) unmutes them and
    /// raises them back over `rampMilliseconds`. Returns at once.
    /// - Parameters:
    ///   - interrupted: whether the session is interrupted.
    ///   - session: the session id.
    ///   - rampMilliseconds: the fade's length; 0 or less mutes or unmutes at once.
    public func setInterrupted(_ interrupted: Bool, session: String, rampMilliseconds: Int) {
        connection.withLock {
            let now = pa_rtclock_now()
            volumes[session, default: SessionVolume()].interrupt(
                interrupted, over: UInt64(max(0, rampMilliseconds)) * 1_000, at: now)
            applyGain(of: session)
            applyMute(of: session)
            if volumes[session]?.isRamping == true { scheduleRampStep(after: now) }
        }
    }

    /// The server's output devices (sinks) by index, the default one marked, and the sink
    /// `session` plays to now, as last reported by the server. Returns at once.
    /// - Parameter session: the session whose sink is asked for.
    public func outputs(of session: String) -> (devices: [OutputDevice], inUse: String?) {
        connection.withLock {
            let devices = table.sinks.sorted { $0.key < $1.key }.map { index, name in
                OutputDevice(name: name, description: table.descriptions[index] ?? "", isDefault: name == defaultSink)
            }
            return (devices, table.sink(of: session))
        }
    }

    /// Waits until the server has carried out every change asked of it so far (it handles a
    /// client's commands in order, so its answer to a later query means the earlier ones are
    /// done); for an owner about to release the control, which would otherwise close the
    /// connection with changes still unwritten.
    /// - Parameter seconds: the longest wait.
    /// - Returns: whether the server answered in time.
    public func flush(within seconds: Double) -> Bool {
        connection.answers(within: seconds)
    }

    /// Drops the gain and mute remembered for `session`; its sink inputs keep what they
    /// have, and later ones are left alone.
    /// - Parameter session: the session id.
    public func forget(session: String) {
        connection.withLock { volumes[session] = nil }
    }
}
