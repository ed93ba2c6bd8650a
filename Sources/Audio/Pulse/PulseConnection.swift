import CPulse
import Foundation
import Synchronization

/// A connection to a PulseAudio server on its own threaded mainloop.
///
/// Ownership: every libpulse call on the context or its streams happens with the
/// mainloop lock held (``withLock(_:)``); libpulse calls back on the mainloop thread with
/// the lock already held. ``isAlive`` may be read from any thread. An owner that registers
/// callbacks with itself as userdata calls ``close()`` before it goes, so that no callback
/// reaches it half torn down.
final class PulseConnection: @unchecked Sendable {
    private let mainloop: OpaquePointer
    private(set) var context: OpaquePointer?
    private let alive = Atomic<Bool>(false)
    /// What ``onFailure(_:)`` was given.
    private let failureReaction = Mutex<(@Sendable () -> Void)?>(nil)
    /// What ``onStreamReady(_:)`` was given; guarded by the mainloop lock.
    private var streamReadyReaction: ((UInt32) -> Void)?

    /// Starts the mainloop thread and connects to `server` (the default server when `nil`),
    /// waiting until the context is ready.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server accepts the connection.
    init(server: String?) throws(AudioError) {
        guard let mainloop = pa_threaded_mainloop_new() else {
            throw .pulseUnavailable("cannot create a PulseAudio mainloop")
        }
        self.mainloop = mainloop
        pa_threaded_mainloop_set_name(mainloop, "rondo-pulse")
        // From here on a throw runs deinit, which stops and frees the mainloop.
        guard pa_threaded_mainloop_start(mainloop) >= 0 else {
            throw .pulseUnavailable("cannot start the PulseAudio mainloop thread")
        }
        try withLock { () throws(AudioError) in try connect(server: server) }
    }

    deinit { shutDown() }

    /// Whether the context is still connected; turns false when the server goes away.
    var isAlive: Bool { alive.load(ordering: .acquiring) }

    /// Runs `body` holding the mainloop lock. On the mainloop thread (inside a libpulse
    /// callback) the lock is already held and `body` runs at once; it must not ``wait()``.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        // libpulse asserts when its own thread takes the lock it already holds.
        if pa_threaded_mainloop_in_thread(mainloop) != 0 { return try body() }
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }

    /// Waits for a ``signal()`` from a callback; the caller holds the lock.
    func wait() { pa_threaded_mainloop_wait(mainloop) }

    /// Wakes a thread in ``wait()``; called from libpulse callbacks.
    func signal() { pa_threaded_mainloop_signal(mainloop, 0) }

    /// Waits, holding the lock, until `isDone` holds or `seconds` have passed, whichever
    /// comes first; `isDone` is checked after every ``signal()``.
    /// - Returns: whether `isDone` held; `false` when the time ran out (or no context is left
    ///   to time the wait).
    func wait(upTo seconds: Double, until isDone: () -> Bool) -> Bool {
        if isDone() { return true }
        let deadline = WaitDeadline(connection: self)
        let userdata = Unmanaged.passRetained(deadline).toOpaque()
        defer { Unmanaged<WaitDeadline>.fromOpaque(userdata).release() }
        let due = pa_rtclock_now() + UInt64(max(0, seconds) * 1_000_000)
        guard let timer = makeTimer(at: due, pulseWaitDeadlinePassed, userdata: userdata) else { return false }
        defer { freeTimer(timer) }
        while !isDone() {
            if deadline.passed { return false }
            wait()
        }
        return true
    }

    /// Waits, holding the lock, until `operation` is done, then releases it.
    func await(_ operation: OpaquePointer?) {
        guard let operation else { return }
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING { wait() }
        pa_operation_unref(operation)
    }

    /// Lets go of an operation nobody waits for. libpulse returns `nil` for a request it
    /// refuses (a failed context or stream) and asserts on unreferencing `nil`.
    static func release(_ operation: OpaquePointer?) {
        if let operation { pa_operation_unref(operation) }
    }

    /// Disconnects from the server now; idempotent. Pending operations are cancelled
    /// without calling back, and ``context`` turns `nil`. Call it from outside the
    /// mainloop thread.
    func close() {
        withLock {
            guard let context else { return }
            pa_context_set_state_callback(context, nil, nil)
            pa_context_disconnect(context)
            pa_context_unref(context)
            self.context = nil
            alive.store(false, ordering: .releasing)
        }
    }

    /// A timer on the mainloop, first due at `microseconds` on libpulse's monotonic clock
    /// (`pa_rtclock_now()`); `nil` when disconnected. The lock is held. Re-arm it with
    /// `pa_context_rttime_restart` (`UInt64.max` disarms it) and free it with
    /// ``freeTimer(_:)`` before the owner named by `userdata` goes.
    func makeTimer(
        at microseconds: UInt64, _ callback: pa_time_event_cb_t, userdata: UnsafeMutableRawPointer
    ) -> OpaquePointer? {
        guard let context else { return nil }
        return pa_context_rttime_new(context, microseconds, callback, userdata)
    }

    /// Frees a timer made by ``makeTimer(at:_:userdata:)``; the lock is held.
    func freeTimer(_ timer: OpaquePointer) {
        pa_threaded_mainloop_get_api(mainloop)?.pointee.time_free(timer)
    }

    private func connect(server: String?) throws(AudioError) {
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, "Rondo")
        pa_proplist_sets(properties, PA_PROP_APPLICATION_ID, "org.rondo.Rondo")
        guard let api = pa_threaded_mainloop_get_api(mainloop),
            let context = pa_context_new_with_proplist(api, "Rondo", properties)
        else { throw .pulseUnavailable("cannot create a PulseAudio context") }
        self.context = context
        pa_context_set_state_callback(
            context, pulseContextStateChanged, Unmanaged.passUnretained(self).toOpaque())
        guard pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw .pulseUnavailable(String(cString: pa_strerror(pa_context_errno(context))))
        }
        let settled = wait(upTo: Self.answerTimeout) {
            [PA_CONTEXT_READY, PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED].contains(pa_context_get_state(context))
        }
        switch pa_context_get_state(context) {
        case PA_CONTEXT_READY:
            alive.store(true, ordering: .releasing)
        case _ where !settled:
            throw .pulseUnavailable("the audio server did not answer within \(Self.answerTimeout) s")
        default:
            throw .pulseUnavailable(String(cString: pa_strerror(pa_context_errno(context))))
        }
    }

    /// How long a connection or a new stream may wait for the server, in seconds. A server
    /// answers in milliseconds; one that accepts but never answers (PipeWire's
    /// `pipewire-pulse` holds a stream made before its session manager runs) would otherwise
    /// hold the player for libpulse's own 30 s.
    static let answerTimeout = 3.0

    fileprivate func contextStateChanged() {
        guard let context else { return }
        let state = pa_context_get_state(context)
        if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
            alive.store(false, ordering: .releasing)
            reportFailure()
        }
        signal()
    }

    /// Calls `react` on the mainloop thread when the context or a stream of it fails.
    func onFailure(_ react: @escaping @Sendable () -> Void) {
        failureReaction.withLock { $0 = react }
    }

    /// Calls `react` with the sink input index of every stream of this connection once it is
    /// ready (`nil`: no longer); `react` runs with the lock held. The lock is taken here.
    func onStreamReady(_ react: ((UInt32) -> Void)?) {
        withLock { streamReadyReaction = react }
    }

    /// Tells the session control that a stream's sink input is ready; the lock is held.
    func streamBecameReady(sinkInput index: UInt32) {
        streamReadyReaction?(index)
    }

    /// Tells the owner that the context or a stream failed; called on the mainloop thread.
    func reportFailure() {
        failureReaction.withLock { $0 }?()
    }

    /// Closes the context, then stops and frees the mainloop. libpulse cannot stop a
    /// mainloop from its own thread, and the last reference to a connection may go there (a
    /// callback holding the object that owns it while a stopping daemon lets go of
    /// everything): the stop and the free are then left to a thread of their own.
    private func shutDown() {
        close()
        let mainloop = MainloopHandle(pointer: self.mainloop)
        guard pa_threaded_mainloop_in_thread(mainloop.pointer) != 0 else { return mainloop.stopAndFree() }
        Thread.detachNewThread { mainloop.stopAndFree() }
    }
}

private func pulseContextStateChanged(_ context: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?) {
    guard let userdata else { return }
    Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().contextStateChanged()
}

/// A mainloop handed to another thread to be stopped and freed there.
private struct MainloopHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    func stopAndFree() {
        pa_threaded_mainloop_stop(pointer)
        pa_threaded_mainloop_free(pointer)
    }
}

/// Whether a bounded ``PulseConnection/wait(upTo:until:)`` has run out of time; written on the
/// mainloop thread and read by the waiter, both under the mainloop lock.
private final class WaitDeadline {
    let connection: PulseConnection
    var passed = false

    init(connection: PulseConnection) { self.connection = connection }
}

private func pulseWaitDeadlinePassed(
    _ api: UnsafeMutablePointer<pa_mainloop_api>?, _ timer: OpaquePointer?, _ time: UnsafePointer<timeval>?,
    _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    let deadline = Unmanaged<WaitDeadline>.fromOpaque(userdata).takeUnretainedValue()
    deadline.passed = true
    deadline.connection.signal()
}
