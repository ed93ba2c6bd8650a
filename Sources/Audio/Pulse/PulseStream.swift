// Realtime rules for this file. `fill(requestedBytes:)` runs on the PulseAudio mainloop
// thread, inside the stream's write callback, with the mainloop lock held. There it
// never allocates, never touches a Swift actor, never logs and never waits: it copies
// decoded samples from the `SampleRing` into the server's own buffer
// (`pa_stream_begin_write`) and counts them. Everything else in this file runs on other
// threads and takes the mainloop lock first.
import CPulse
import Glibc
import Synchronization

/// One PulseAudio playback stream fed from a ``SampleRing``.
///
/// Created corked or playing; the decode thread tops it up when the write callback found
/// the ring empty (``isStarving``).
final class PulseStream: PlaybackOutput, @unchecked Sendable {
    let format: AudioFormat
    private let connection: PulseConnection
    private let ring: SampleRing
    private var stream: OpaquePointer?
    /// Frames handed to the server since creation or the last ``flush()``; written by the
    /// consumer, read by anyone.
    private let framesWritten = Atomic<Int>(0)
    /// Set by the consumer when it had less than the server asked for.
    private let starving = Atomic<Bool>(false)
    private let drained = Atomic<Bool>(false)
    /// Whether the stream is corked, as last asked (mainloop lock).
    private var corked = true
    /// Wall-clock microseconds of the last uncork and cork: the server plays the stream
    /// from the one until the other (mainloop lock).
    private var runningSince: pa_usec_t = 0
    private var corkedAt: pa_usec_t = 0
    /// The most frames ``heardFrames()`` has said were heard since the last flush (mainloop
    /// lock): what it says never goes back.
    private var heardSoFar = 0
    /// The drain asked for last (mainloop lock). Its answer comes back with this stream as
    /// its user data, so it is cancelled before the stream goes: a server that answers a
    /// drain of a stream being disconnected would otherwise call back into freed memory.
    private var drainOperation: OpaquePointer?

    /// Creates and connects a stream carrying `media.role`, `application.name=Rondo` and
    /// `application.id` on its proplist.
    /// - Parameters:
    ///   - sink: the sink name, or `nil` for the server's default (or `PULSE_SINK`).
    ///   - corked: whether the stream starts paused.
    ///   - volume: the linear volume it starts at (1 = as written).
    ///   - role: its `media.role`.
    ///   - properties: more proplist entries (such as `rondo.session.id`, so that the
    ///     stream's sink input is found like any other of its session); set last, so they
    ///     override the ones above. A `media.name` here replaces the stream's default name.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when the server refuses it.
    init(
        connection: PulseConnection, format: AudioFormat, ring: SampleRing, sink: String?,
        corked: Bool, volume: Double = 1, role: String = "music", properties: [String: String] = [:]
    ) throws(AudioError) {
        self.connection = connection
        self.format = format
        self.ring = ring
        try connection.withLock { () throws(AudioError) in
            try open(sink: sink, corked: corked, volume: volume, role: role, properties: properties)
        }
    }

    deinit {
        connection.withLock {
            if let drainOperation {
                pa_operation_cancel(drainOperation)
                pa_operation_unref(drainOperation)
            }
            guard let stream else { return }
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_disconnect(stream)
            pa_stream_unref(stream)
        }
    }

    /// Whether the write callback ran out of samples since the last top-up.
    var isStarving: Bool { starving.load(ordering: .acquiring) }

    /// Whether the drain requested by ``drain()`` has completed.
    var isDrained: Bool { drained.load(ordering: .acquiring) }

    /// Frames handed to the server since creation or the last flush.
    var framesHandedOver: Int { framesWritten.load(ordering: .acquiring) }

    /// Whether the stream is still connected to its sink.
    var isHealthy: Bool {
        connection.withLock { stream.map { pa_stream_get_state($0) == PA_STREAM_READY } ?? false }
    }

    /// Writes whatever the server can take right now; used by the producer after it
    /// refilled a starving ring.
    func topUp() {
        connection.withLock {
            guard let stream, pa_stream_get_state(stream) == PA_STREAM_READY else { return }
            let writable = pa_stream_writable_size(stream)
            if writable != Int.max, writable > 0 { fill(requestedBytes: writable) }
        }
    }

    /// Pauses (`true`) or resumes (`false`) the stream at the server at once.
    func setCorked(_ corked: Bool) {
        connection.withLock {
            guard let stream else { return }
            self.corked = corked
            if corked { corkedAt = Self.wallClock() } else { runningSince = Self.wallClock() }
            PulseConnection.release(pa_stream_cork(stream, corked ? 1 : 0, nil, nil))
        }
    }

    /// Drops the ring's and the server's buffered audio so the next samples written are
    /// heard next. Runs with the engine lock held (no producer).
    func flush() {
        connection.withLock {
            ring.reset()
            heardSoFar = 0
            framesWritten.store(0, ordering: .releasing)
            drained.store(false, ordering: .releasing)
            guard let stream else { return }
            PulseConnection.release(pa_stream_flush(stream, nil, nil))
        }
    }

    /// Asks the server to play out what it holds; ``isDrained`` turns true when it has.
    func drain() {
        connection.withLock {
            guard let stream else { return }
            drained.store(false, ordering: .releasing)
            PulseConnection.release(drainOperation)
            drainOperation = pa_stream_drain(stream, pulseStreamDrained, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Frames handed over since creation or the last flush that the listener has heard.
    ///
    /// Taken from the server's last timing report (its read index, the sink's latency and
    /// the transport time, as of the moment the report was current) and moved on by the
    /// wall-clock time since, while the stream plays. libpulse's own interpolation is not
    /// used: its smoother needs about a second after every start to settle and reported the
    /// sound some 85 ms ahead of the sink until then. Time is added only to a report that
    /// says the sink was playing the stream: a sink that starts late (a fresh or resuming
    /// one) holds the position where it is until its first sample is heard. Until the first
    /// report after a flush (libpulse has none for a moment) the position holds too, and it
    /// never goes back.
    func heardFrames() -> Int {
        connection.withLock {
            let handedOver = framesWritten.load(ordering: .acquiring)
            guard let stream else { return handedOver }
            var microseconds: pa_usec_t = 0
            var negative: Int32 = 0
            guard pa_stream_get_latency(stream, &microseconds, &negative) == 0,
                let report = pa_stream_get_timing_info(stream)
            else { return min(heardSoFar, handedOver) }
            var latency = Double(microseconds) / 1_000_000 * (negative != 0 ? -1 : 1)
            if report.pointee.playing != 0 {
                let playedUntil = corked ? corkedAt : Self.wallClock()
                var reportTime = report.pointee.timestamp
                let since = max(pa_timeval_load(&reportTime), runningSince)
                latency -= Double(playedUntil > since ? playedUntil - since : 0) / 1_000_000
            }
            let unheard = Int((max(0, latency) * Double(format.sampleRate)).rounded())
            heardSoFar = max(heardSoFar, min(handedOver, max(0, handedOver - unheard)))
            return heardSoFar
        }
    }

    /// Microseconds of the wall clock the server's timing reports are stamped with.
    private static func wallClock() -> pa_usec_t {
        rondo_pulse_wall_clock()
    }

    /// Sets the stream's volume as a linear gain (1 = full).
    func setGain(_ gain: Double) {
        connection.withLock {
            guard let stream, let context = connection.context else { return }
            var volume = pa_cvolume()
            pa_cvolume_set(&volume, UInt32(format.channels), pa_sw_volume_from_linear(gain))
            PulseConnection.release(
                pa_context_set_sink_input_volume(context, pa_stream_get_index(stream), &volume, nil, nil))
        }
    }

    // MARK: Realtime (mainloop thread, lock held)

    fileprivate func fill(requestedBytes: Int) {
        guard let stream else { return }
        let frameBytes = 4 * format.channels
        var wanted = requestedBytes - requestedBytes % frameBytes
        while wanted > 0 {
            let availableBytes = ring.available * 4
            guard availableBytes >= frameBytes else {
                starving.store(true, ordering: .releasing)
                return
            }
            var data: UnsafeMutableRawPointer?
            var size = min(wanted, availableBytes - availableBytes % frameBytes)
            guard pa_stream_begin_write(stream, &data, &size) == 0, let data else { return }
            size = min(size, wanted) - min(size, wanted) % frameBytes
            let samples = ring.read(into: data.assumingMemoryBound(to: Float.self), maxSamples: size / 4)
            pa_stream_write(stream, data, samples * 4, nil, 0, PA_SEEK_RELATIVE)
            framesWritten.add(samples / format.channels, ordering: .releasing)
            wanted -= samples * 4
        }
        starving.store(false, ordering: .releasing)
    }

    fileprivate func markDrained() {
        drained.store(true, ordering: .releasing)
    }

    // MARK: Set-up (lock held)

    private func open(
        sink: String?, corked: Bool, volume: Double, role: String, properties extra: [String: String]
    ) throws(AudioError) {
        guard let context = connection.context else { throw .pulseUnavailable("not connected") }
        var spec = pa_sample_spec(
            format: PA_SAMPLE_FLOAT32LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        let properties = pa_proplist_new()
        defer { pa_proplist_free(properties) }
        pa_proplist_sets(properties, PA_PROP_MEDIA_ROLE, role)
        pa_proplist_sets(properties, PA_PROP_APPLICATION_NAME, "Rondo")
        pa_proplist_sets(properties, PA_PROP_APPLICATION_ID, "org.rondo.Rondo")
        for (key, value) in extra { pa_proplist_sets(properties, key, value) }
        // libpulse writes a non-nil name over `media.name`; pass none when the caller set one.
        let name = extra[PA_PROP_MEDIA_NAME] == nil ? "Rondo playback" : nil
        guard let stream = pa_stream_new_with_proplist(context, name, &spec, nil, properties) else {
            throw .pulseUnavailable(String(cString: pa_strerror(pa_context_errno(context))))
        }
        self.stream = stream
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_stream_set_write_callback(stream, pulseStreamWrite, me)
        pa_stream_set_state_callback(stream, pulseStreamStateChanged, me)
        let bytesPerSecond = format.sampleRate * format.channels * 4
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32(bytesPerSecond * Self.targetLatencyMilliseconds / 1000),
            prebuf: UInt32.max, minreq: UInt32.max, fragsize: UInt32.max)
        var flags = PA_STREAM_AUTO_TIMING_UPDATE.rawValue | PA_STREAM_ADJUST_LATENCY.rawValue
        if corked { flags |= PA_STREAM_START_CORKED.rawValue }
        self.corked = corked
        runningSince = Self.wallClock()
        corkedAt = runningSince
        var initialVolume = pa_cvolume()
        pa_cvolume_set(&initialVolume, UInt32(format.channels), pa_sw_volume_from_linear(volume))
        guard pa_stream_connect_playback(stream, sink, &attributes, pa_stream_flags_t(flags), &initialVolume, nil) >= 0
        else {
            throw .pulseUnavailable(String(cString: pa_strerror(pa_context_errno(context))))
        }
        let settled = connection.wait(upTo: PulseConnection.answerTimeout) {
            [PA_STREAM_READY, PA_STREAM_FAILED, PA_STREAM_TERMINATED].contains(pa_stream_get_state(stream))
        }
        switch pa_stream_get_state(stream) {
        case PA_STREAM_READY:
            connection.streamBecameReady(sinkInput: pa_stream_get_index(stream))
        case _ where !settled:
            throw .pulseUnavailable("the audio server did not open the stream within \(PulseConnection.answerTimeout) s")
        default:
            throw .pulseUnavailable(String(cString: pa_strerror(pa_context_errno(context))))
        }
    }

    /// End-to-end latency the stream asks the server for.
    ///
    /// The sink then renders about 230 ms at a time, so the server wakes a few times a
    /// second for this stream: at 150 ms (a 55 ms sink period) PulseAudio spent 3.5× the
    /// CPU on it. Seeks, rate changes, pauses and volume changes are still heard at once:
    /// a flush, a cork or a sink-input volume change makes the sink rewind what it had
    /// rendered ahead.
    static let targetLatencyMilliseconds = 500

    fileprivate func stateChanged(_ state: pa_stream_state_t) {
        if state == PA_STREAM_FAILED || state == PA_STREAM_TERMINATED { connection.reportFailure() }
        connection.signal()
    }
}

private func pulseStreamWrite(_ stream: OpaquePointer?, _ bytes: Int, _ userdata: UnsafeMutableRawPointer?) {
    guard let userdata else { return }
    Unmanaged<PulseStream>.fromOpaque(userdata).takeUnretainedValue().fill(requestedBytes: bytes)
}

private func pulseStreamStateChanged(_ stream: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?) {
    guard let userdata else { return }
    Unmanaged<PulseStream>.fromOpaque(userdata).takeUnretainedValue().stateChanged(pa_stream_get_state(stream))
}

private func pulseStreamDrained(_ stream: OpaquePointer?, _ success: Int32, _ userdata: UnsafeMutableRawPointer?) {
    guard let userdata else { return }
    Unmanaged<PulseStream>.fromOpaque(userdata).takeUnretainedValue().markDrained()
}
