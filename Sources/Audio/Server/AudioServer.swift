import Foundation

/// The daemon's one connection to its audio server, which the engine's stream, the
/// sessions' gains and mutes and every prompt share: one libpulse context on one
/// mainloop, one reconnect policy (``ReconnectSchedule``), and one report each of the
/// connection made, the server lost and a sink removed (``AudioServerEvent``).
///
/// ``start()`` runs a thread of its own (`rondo-audio-server`) that connects and, once the
/// server goes away, tries again on the schedule; ``connection()`` also connects at once
/// when asked with none up, so a command after the server came back does not wait for the
/// next attempt. On a PulseAudio server every connection carries a ``SessionAudioControl``
/// (``sessionAudio``); the null output has none.
///
/// Ownership: `condition` guards every field below it. No libpulse call is made holding
/// it (the mainloop thread takes it to report a failure), and attempts to connect are one
/// at a time (`connecting`, taken before `condition`). Observers and failure hooks are
/// called on the mainloop thread or on the thread that connected, without `condition`:
/// they must return at once.
public final class AudioServer: @unchecked Sendable {
    private let connecting = NSLock()
    private let condition = NSCondition()
    private let now: @Sendable () -> Double
    private var currentOutput: AudioOutput
    private var current: (any OutputConnection)?
    private var control: (any SessionAudio)?
    /// Whether `.serverLost` was reported for `current` (or no connection was ever made).
    private var lossReported = true
    private var schedule = ReconnectSchedule()
    private var observers: [@Sendable (AudioServerEvent) -> Void] = []
    private var failureHooks: [@Sendable () -> Void] = []
    private var started = false
    private var stopping = false
    private var threadFinished = false

    /// Creates the owner of the connection to `output` (the audio server, or the null
    /// output); nothing connects until ``start()`` or ``connection()``.
    public init(output: AudioOutput) {
        currentOutput = output
        now = { ProcessInfo.processInfo.systemUptime }
    }

    /// Closes the connection before the control riding on it goes, so that no answer of the
    /// server reaches a control that is gone.
    deinit { current?.close() }

    /// Where the sound goes: the output given at start, until ``adopt(_:)`` moves it.
    public var output: AudioOutput { condition.withLock { currentOutput } }

    /// Whether a connection is up now.
    public var isConnected: Bool { condition.withLock { current?.isAlive == true } }

    /// The session control of the connection up now (the Snapcast feed is its own); `nil`
    /// while disconnected, and always on the null output.
    public var sessionAudio: (any SessionAudio)? {
        condition.withLock { current?.isAlive == true ? control : nil }
    }

    /// Calls `observer` with every report from now on, in order, on the mainloop thread or
    /// the thread that connected; it must return at once and must not call back into this
    /// server's connecting methods.
    public func observe(_ observer: @escaping @Sendable (AudioServerEvent) -> Void) {
        condition.withLock { observers.append(observer) }
    }

    /// Calls `react` whenever the connection or one of its streams fails (the engine's wake:
    /// its decode thread looks at its stream only now and then). Same rules as ``observe(_:)``.
    func onFailure(_ react: @escaping @Sendable () -> Void) {
        condition.withLock { failureHooks.append(react) }
    }

    /// Starts the thread that keeps the connection up: it connects at once and again after
    /// every loss, on the ``ReconnectSchedule``. Call ``shutDown()`` to stop it.
    public func start() {
        let starting = condition.withLock {
            defer { started = true }
            return !started && !stopping
        }
        guard starting else { return }
        let thread = Thread { self.keepConnected() }
        thread.name = "rondo-audio-server"
        thread.start()
    }

    /// Stops the reconnecting thread and closes the connection: the last thing the daemon
    /// does with its audio server. Later requests for a connection fail.
    public func shutDown() {
        let (connection, control) = condition.withLock {
            stopping = true
            condition.broadcast()
            while started, !threadFinished { condition.wait() }
            defer {
                current = nil
                self.control = nil
            }
            return (current, self.control)
        }
        connection?.close()
        withExtendedLifetime(control) {}
    }

    /// The connection up now, connecting at once when there is none.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server answers (or the daemon
    ///   is stopping).
    func connection() throws(AudioError) -> any OutputConnection {
        if let live = condition.withLock({ current?.isAlive == true ? current : nil }) { return live }
        return try connect()
    }

    /// Connects unless connected; for a caller that wants to know whether a server answers.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when none does.
    public func connectNow() throws(AudioError) {
        _ = try connection()
    }

    // MARK: Moving to another output

    /// Opens a connection to `output` beside the one in use, which stays the server's own:
    /// the engine opens its stream there first, so that a move the new output refuses
    /// changes nothing. ``adopt(_:)`` makes it the server's own; a candidate not adopted is
    /// closed with ``OutputCandidate/close()``.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when `output` does not answer (or the
    ///   daemon is stopping).
    func candidate(for output: AudioOutput) throws(AudioError) -> OutputCandidate {
        if condition.withLock({ stopping }) { throw .pulseUnavailable("rondod is stopping") }
        let (connection, control) = try open(output)
        return OutputCandidate(output: output, connection: connection, control: control)
    }

    /// Makes `candidate` the connection that every stream, prompt and session control uses
    /// from now on, reported as `.connected` (the sessions apply their gains there), and
    /// hands back the one it replaces, for the caller to close once its own stream moved.
    func adopt(_ candidate: OutputCandidate) -> OutputCandidate? {
        connecting.lock()
        defer { connecting.unlock() }
        let replaced = condition.withLock { () -> OutputCandidate? in
            defer {
                currentOutput = candidate.output
                current = candidate.connection
                control = candidate.control
                lossReported = false
                schedule.connected()
            }
            return current.map { OutputCandidate(output: currentOutput, connection: $0, control: control) }
        }
        deliver(.connected)
        if !candidate.connection.isAlive { connectionFailed(candidate.connection) }
        return replaced
    }

    /// Leads to `output` from now on without connecting there, when nothing is connected:
    /// the output a restart restores, waited for as an audio server that does not answer is
    /// (the reconnecting thread tries it, and the first stream connects or fails).
    /// - Returns: `false`, changing nothing, when a connection is up: a move then opens
    ///   `output` first (``candidate(for:)``).
    func lead(to output: AudioOutput) -> Bool {
        connecting.lock()
        defer { connecting.unlock() }
        return condition.withLock {
            guard current == nil else { return false }
            currentOutput = output
            return true
        }
    }

    // MARK: Connecting

    private func connect() throws(AudioError) -> any OutputConnection {
        connecting.lock()
        defer { connecting.unlock() }
        let stale = condition.withLock { () -> (connection: (any OutputConnection)?, control: (any SessionAudio)?, report: Bool)? in
            if current?.isAlive == true { return nil }
            defer {
                current = nil
                control = nil
                lossReported = true
            }
            return (current, control, !lossReported)
        }
        guard let stale else { return try connection() }
        if stale.report { deliver(.serverLost) }
        // Closing cancels the old connection's pending queries before their control goes.
        stale.connection?.close()
        withExtendedLifetime(stale.control) {}
        if condition.withLock({ stopping }) { throw .pulseUnavailable("rondod is stopping") }
        do throws(AudioError) {
            let (connection, control) = try open(condition.withLock { currentOutput })
            condition.withLock {
                current = connection
                self.control = control
                lossReported = false
                schedule.connected()
            }
            deliver(.connected)
            // A failure during the set-up, before the hook was in place, is found here.
            if !connection.isAlive { connectionFailed(connection) }
            return connection
        } catch {
            condition.withLock { schedule.failed(at: now()) }
            throw error
        }
    }

    /// Opens a connection to `output` with its session control and hooks its failures.
    private func open(_ output: AudioOutput) throws(AudioError) -> (any OutputConnection, (any SessionAudio)?) {
        let connection = try output.connect()
        var control: (any SessionAudio)?
        // The Snapcast feed mixes its streams itself, so it is its own session control.
        if let snapcast = connection as? SnapcastConnection { control = snapcast }
        if let pulse = connection as? PulseConnection {
            do throws(AudioError) {
                control = try SessionAudioControl(connection: pulse) { [weak self] in self?.deliver($0) }
            } catch {
                connection.close()
                throw error
            }
        }
        connection.onFailure { [weak self, weak connection] in
            guard let self, let connection else { return }
            connectionFailed(connection)
        }
        return (connection, control)
    }

    /// A failure of `connection` or of a stream on it, on the mainloop thread: wakes the
    /// hooks, and when the connection itself is gone, reports the loss once and wakes the
    /// reconnecting thread.
    private func connectionFailed(_ connection: any OutputConnection) {
        let (hooks, lost) = condition.withLock { () -> ([@Sendable () -> Void], Bool) in
            guard current === connection, !connection.isAlive, !lossReported else { return (failureHooks, false) }
            lossReported = true
            schedule.lost(at: now())
            condition.broadcast()
            return (failureHooks, true)
        }
        for hook in hooks { hook() }
        if lost { deliver(.serverLost) }
    }

    private func deliver(_ event: AudioServerEvent) {
        for observer in condition.withLock({ observers }) { observer(event) }
    }

    /// The reconnecting thread: an attempt whenever one is due, until ``shutDown()``.
    private func keepConnected() {
        while true {
            condition.lock()
            while !stopping, !schedule.attemptDue(at: now()) {
                if let wait = schedule.untilNextAttempt(at: now()) {
                    condition.wait(until: Date(timeIntervalSinceNow: wait))
                } else {
                    condition.wait()
                }
            }
            let stop = stopping
            condition.unlock()
            if stop { break }
            _ = try? connection()
        }
        condition.withLock {
            threadFinished = true
            condition.broadcast()
        }
    }
}

/// A connection to an output with its session control, opened by
/// ``AudioServer/candidate(for:)`` while another is in use, or handed back by
/// ``AudioServer/adopt(_:)`` once replaced.
struct OutputCandidate: Sendable {
    /// Where it leads.
    let output: AudioOutput
    /// The connection.
    let connection: any OutputConnection
    /// Its session control (the Snapcast feed is its own; none on the null output).
    let control: (any SessionAudio)?

    /// Closes the connection before the control riding on it goes, so that no answer of
    /// the server reaches a control that is gone.
    func close() {
        connection.close()
        withExtendedLifetime(control) {}
    }
}
