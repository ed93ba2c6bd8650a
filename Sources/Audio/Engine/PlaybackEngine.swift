import Foundation

/// Plays MP3 files through PulseAudio: decodes on its own thread into a ``SampleRing``
/// that a ``PulseStream`` drains, pre-rolls the next file for gapless transitions and
/// reports what the listener hears.
///
/// Ownership: the decoder, the stream and the timeline are guarded by `condition` (the
/// engine lock). Public methods may be called from any thread; they take the engine lock
/// and then, inside the stream, the mainloop lock (never the other way round). `onNotice`
/// is called with the engine lock held: it must return quickly and never call back into
/// the engine.
public final class PlaybackEngine: @unchecked Sendable {
    private let server: String?
    private let sink: String?
    private let onNotice: @Sendable (EngineNotice) -> Void
    private let condition = NSCondition()
    private let ring = SampleRing(minimumCapacity: 1 << 17)

    private var connection: PulseConnection?
    private var stream: PulseStream?
    private var decoder: (any AudioDecoder)?
    private var decoding: TrackSource?
    private var timeline = Timeline()
    private var next: TrackSource?
    private var pendingSwitch: (source: TrackSource, decoder: any AudioDecoder)?
    private var playing = false
    private var decoderAtEnd = false
    private var drainRequested = false
    private var shuttingDown = false
    private var currentGeneration = 0

    /// Creates an idle engine; nothing connects to PulseAudio until the first ``load``.
    /// - Parameters:
    ///   - server: PulseAudio server string, or `nil` for the default (`PULSE_SERVER`).
    ///   - sink: sink name, or `nil` for the default (`PULSE_SINK`).
    ///   - onNotice: receives ``EngineNotice``s (see the type's threading notes).
    public init(server: String?, sink: String?, onNotice: @escaping @Sendable (EngineNotice) -> Void) {
        self.server = server
        self.sink = sink
        self.onNotice = onNotice
        let thread = Thread { [unowned self] in decodeLoop() }
        thread.name = "rondo-decode"
        thread.start()
    }

    /// Stops the decode thread and closes the stream.
    public func shutDown() {
        locked {
            shuttingDown = true
            stream = nil
            decoder = nil
            connection = nil
        }
    }

    /// The current generation (see ``EngineNotice``).
    public var generation: Int { locked { currentGeneration } }

    /// Whether a source is loaded (playing or paused); false after the end, a stop or a
    /// lost output.
    public var isLoaded: Bool { locked { decoding != nil || ring.available > 0 } }

    /// Whether a PulseAudio server is connected.
    public var isConnected: Bool { locked { connection?.isAlive ?? false } }

    /// Opens `source` at `position` seconds and plays it at once, or holds it paused.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` for an unreadable file,
    ///   ``AudioError/pulseUnavailable(_:)`` when no server answers.
    public func load(_ source: TrackSource, position: Double, playing: Bool) throws(AudioError) {
        try locked { () throws(AudioError) in
            let decoder = try MPG123Decoder(path: source.path)
            let startFrame = clampedFrame(position, decoder)
            if startFrame > 0 { try decoder.seek(toFrame: startFrame) }
            let stream = try streamFor(decoder.format)
            stream.setCorked(true)
            stream.flush()
            self.decoder = decoder
            decoding = source
            currentGeneration += 1
            timeline = Timeline(source: source, mediaFrame: startFrame)
            resetProducer()
            self.playing = playing
            if playing { start(stream) }
        }
    }

    /// Sets the source to continue with, without a gap, when the current one ends.
    public func prepareNext(_ source: TrackSource?) {
        locked {
            next = source
            condition.signal()
        }
    }

    /// Resumes sound where it was paused.
    public func resume() {
        locked {
            guard let stream, decoder != nil || ring.available > 0 else { return }
            playing = true
            start(stream)
        }
    }

    /// Pauses sound at once (the stream is corked), keeping the position.
    public func pause() {
        locked {
            playing = false
            stream?.setCorked(true)
        }
    }

    /// Stops sound and forgets the loaded source; the stream stays open, corked.
    public func stop() {
        locked {
            playing = false
            stream?.setCorked(true)
            stream?.flush()
            decoder = nil
            decoding = nil
            next = nil
            pendingSwitch = nil
            timeline = Timeline()
            currentGeneration += 1
        }
    }

    /// Moves the heard source to `position` seconds, sample-accurately, dropping
    /// everything buffered so the new position is heard next.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file cannot seek.
    public func seek(to position: Double) throws(AudioError) {
        try locked { () throws(AudioError) in
            guard let stream, let heard = heardSegment() else { return }
            if heard.source != decoding {
                // The decoder already pre-rolled the next source: reopen the heard one.
                next = decoding
                decoder = try MPG123Decoder(path: heard.source.path)
                decoding = heard.source
            }
            guard let decoder else { return }
            let frame = clampedFrame(position, decoder)
            try decoder.seek(toFrame: frame)
            stream.flush()
            pendingSwitch = nil
            currentGeneration += 1
            timeline = Timeline(source: heard.source, mediaFrame: frame)
            resetProducer()
            if playing { start(stream) }
        }
    }

    /// The position (media seconds) the listener hears of the current source, if any.
    public var position: Double? {
        locked {
            guard let stream, let heard = heardSegment(in: stream) else { return nil }
            return Double(heard.mediaFrame) / Double(stream.format.sampleRate)
        }
    }

    // MARK: Decode thread

    private func decodeLoop() {
        condition.lock()
        defer { condition.unlock() }
        while !shuttingDown {
            step()
            if playing {
                _ = condition.wait(until: Date(timeIntervalSinceNow: Self.wakeInterval))
            } else {
                condition.wait()
            }
        }
    }

    /// How often the decode thread looks at the ring while playing, in seconds.
    private static let wakeInterval = 0.1

    private func step() {
        guard let stream else { return }
        guard connection?.isAlive == true, stream.isHealthy else {
            loseOutput("the PulseAudio server or sink went away")
            return
        }
        guard playing else { return }
        fillRing(stream)
        reportProgress(stream)
        guard decoderAtEnd, ring.available == 0 else { return }
        if let pending = pendingSwitch {
            switchFormat(to: pending, from: stream)
        } else if !drainRequested {
            stream.drain()
            drainRequested = true
        } else if stream.isDrained {
            playing = false
            stream.setCorked(true)
            decoder = nil
            decoding = nil
            timeline = Timeline()
            emit(.reachedEnd)
        }
    }

    private func fillRing(_ stream: PulseStream) {
        while ring.free >= Self.minimumChunk {
            if decoderAtEnd {
                guard pendingSwitch == nil, openNext(matching: stream.format) else { break }
            }
            guard let decoder, let source = decoding else { break }
            let samples: Int
            do {
                samples = try decoder.read(into: ring.writableRegion())
            } catch {
                emit(.failed(source.id, reason: error.description))
                samples = 0
            }
            guard samples > 0 else {
                decoderAtEnd = true
                continue
            }
            ring.commitWrite(samples)
            timeline.decodedFrames += samples / stream.format.channels
        }
        if stream.isStarving, ring.available > 0 { stream.topUp() }
    }

    /// Smallest free space worth decoding into, in samples.
    private static let minimumChunk = 4608

    /// Continues with the prepared source: appended to the timeline when its format
    /// matches the stream, else kept for a switch once the stream has played out.
    private func openNext(matching format: AudioFormat) -> Bool {
        guard let source = next else { return false }
        next = nil
        do {
            let opened = try MPG123Decoder(path: source.path)
            guard opened.format == format else {
                pendingSwitch = (source, opened)
                return false
            }
            decoder = opened
            decoding = source
            decoderAtEnd = false
            drainRequested = false
            timeline.append(source)
            return true
        } catch {
            emit(.failed(source.id, reason: error.description))
            return false
        }
    }

    private func switchFormat(to pending: (source: TrackSource, decoder: any AudioDecoder), from old: PulseStream) {
        pendingSwitch = nil
        do {
            let stream = try streamFor(pending.decoder.format)
            decoder = pending.decoder
            decoding = pending.source
            timeline = Timeline(source: pending.source, mediaFrame: 0)
            resetProducer()
            start(stream)
            emit(.advanced(to: pending.source.id))
        } catch {
            loseOutput(error.description)
        }
    }

    private func reportProgress(_ stream: PulseStream) {
        let heardFrame = heardStreamFrame(stream)
        while timeline.segments.count > 1, timeline.segments[1].startFrame <= heardFrame {
            timeline.segments.removeFirst()
            emit(.advanced(to: timeline.segments[0].source.id))
        }
    }

    private func loseOutput(_ reason: String) {
        playing = false
        stream = nil
        connection = nil
        decoder = nil
        decoding = nil
        timeline = Timeline()
        emit(.outputLost(reason))
    }

    // MARK: Helpers (engine lock held)

    private func emit(_ event: EngineEvent) {
        onNotice(EngineNotice(event: event, generation: currentGeneration))
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    private func streamFor(_ format: AudioFormat) throws(AudioError) -> PulseStream {
        if let stream, stream.format == format, stream.isHealthy { return stream }
        stream = nil
        if connection?.isAlive != true { connection = try PulseConnection(server: server) }
        let created = try PulseStream(connection: connection!, format: format, ring: ring, sink: sink, corked: true)
        stream = created
        return created
    }

    private func resetProducer() {
        decoderAtEnd = false
        drainRequested = false
    }

    /// Decodes a first chunk, hands it to the server and uncorks: the fastest way from a
    /// command to sound.
    private func start(_ stream: PulseStream) {
        fillRing(stream)
        stream.topUp()
        stream.setCorked(false)
        condition.signal()
    }

    private func clampedFrame(_ seconds: Double, _ decoder: any AudioDecoder) -> Int {
        var frame = Int((max(0, seconds) * Double(decoder.format.sampleRate)).rounded())
        if let count = decoder.frameCount { frame = min(frame, count) }
        return frame
    }

    private func heardStreamFrame(_ stream: PulseStream) -> Int {
        let unheard = Int(stream.latency() * Double(stream.format.sampleRate))
        return max(0, stream.framesHandedOver - unheard)
    }

    private func heardSegment(in stream: PulseStream? = nil) -> (source: TrackSource, mediaFrame: Int)? {
        guard let stream = stream ?? self.stream else { return nil }
        return timeline.locate(heardStreamFrame(stream))
    }
}
