import Foundation
public import Playback
import Synchronization

/// Plays audio files through the ``AudioServer``'s connection: decodes on its own thread, time-stretches
/// through a ``TimeStretcher`` into a ``SampleRing`` that a ``PlaybackOutput`` (a PulseAudio
/// stream, or the null output) drains, pre-rolls the
/// next file for gapless transitions and reports what the listener hears.
///
/// Rates: ``setRate(_:)`` plays at 0.5× to 2× with the pitch kept; 1× bypasses the
/// stretcher and is bit-exact. ``scan(_:)`` starts a CD-like scan "with sound" at
/// ``Player/scanRate`` (short snippets at normal speed, jumping forward or backward between
/// them) until ``endScan()``. Every rate or scan change is heard at once: the queued audio
/// is dropped and replaced from the heard position. ``position`` and every notice are in
/// media time, which moves at the rate times the wall clock.
///
/// Ownership: the decoder, the stretcher, the stream and the timeline are guarded by
/// `condition` (the engine lock); the decode thread is their only user besides public
/// methods holding that lock. Public methods may be called from any thread; they take the
/// engine lock and then, inside the stream, the output's lock (never the other way round).
/// `onNotice` is called with the engine lock held: it must return quickly and never call
/// back into the engine.
public final class PlaybackEngine: @unchecked Sendable {
    /// The rates ``setRate(_:)`` accepts; others are clamped into this range.
    public static let supportedRates: ClosedRange<Double> = 0.5...2.0

    let onNotice: @Sendable (EngineNotice) -> Void
    let condition = NSCondition()
    /// Set when the connection or its stream failed, before the decode thread is woken;
    /// taken by the decode thread before it sleeps (``takeOutputFailure()``).
    let outputFailed = Atomic<Bool>(false)
    let ring = SampleRing(minimumCapacity: 1 << 17)
    /// Where the decode thread reads a chunk before it goes into the stretcher.
    let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: PlaybackEngine.minimumChunk)
    /// The owner of the connection streams are opened on.
    let server: AudioServer
    /// Opens the bytes of a track the engine reads again (a seek back into a track the
    /// decoder had already left).
    let bytes: ByteSourceOpener
    let streamProperties: [String: String]

    // Everything below is guarded by the engine lock.
    var connection: (any OutputConnection)?
    var stream: (any PlaybackOutput)?
    var decoder: (any AudioDecoder)?
    var decoding: TrackSource?
    var stretcher: TimeStretcher?
    var timeline = Timeline()
    var next: OpenedTrack?
    var pendingSwitch: (source: TrackSource, decoder: any AudioDecoder)?
    var scanCursor: ScanCursor?
    var playing = false
    var decoderAtEnd = false
    var stretcherFlushed = false
    var drainRequested = false
    /// Whether sound is held, the stream corked, until a stream's decoder has enough to play.
    var buffering = false
    var shuttingDown = false
    /// Set by the decode thread as it leaves: the engine (its `unowned` owner) must outlive it.
    var decodeThreadFinished = false
    var currentGeneration = 0
    private var currentRate = 1.0
    private var scanning: ScanDirection?
    /// The sink streams are opened on; `nil` for the server's default, which they follow.
    var sink: String?
    /// The volume new streams are born with, so none is heard louder for a moment before
    /// the session control sets it.
    var streamVolume = 1.0

    /// Creates an idle engine; no stream is opened until the first ``load``.
    /// - Parameters:
    ///   - server: the audio server's connection, which streams are opened on.
    ///   - sink: sink name, or `nil` for the default (`PULSE_SINK`); ``setSink(_:)`` changes it.
    ///   - streamProperties: extra PulseAudio properties of every stream it opens (the
    ///     audio session's id, so the session's gain reaches it).
    ///   - bytes: opens a track's location (files only unless given more).
    ///   - onNotice: receives ``EngineNotice``s (see the type's threading notes).
    public init(
        server: AudioServer, sink: String?, streamProperties: [String: String] = [:],
        bytes: @escaping ByteSourceOpener = FileByteSource.opener,
        onNotice: @escaping @Sendable (EngineNotice) -> Void
    ) {
        self.server = server
        self.bytes = bytes
        self.sink = sink
        self.streamProperties = streamProperties
        self.onNotice = onNotice
        watchServerFailures()
        let thread = Thread { [unowned self] in decodeLoop() }
        thread.name = "rondo-decode"
        thread.start()
    }

    deinit { scratch.deallocate() }

    /// Stops the decode thread, waiting until it has left the engine, and closes the stream;
    /// after it returns the engine may go away.
    public func shutDown() {
        condition.lock()
        defer { condition.unlock() }
        shuttingDown = true
        stream = nil
        decoder = nil
        connection = nil
        condition.broadcast()
        while !decodeThreadFinished { condition.wait() }
    }

    /// Sets the volume (linear, 0 to 1) that streams opened from now on start at; the level
    /// of a stream already open is the session control's to set.
    public func setStreamVolume(_ volume: Double) {
        locked { streamVolume = min(max(volume, 0), 1) }
    }

    /// The current generation (see ``EngineNotice``).
    public var generation: Int { locked { currentGeneration } }

    /// Whether a source is loaded (playing or paused); false after the end, a stop or a
    /// lost output.
    public var isLoaded: Bool { locked { decoding != nil || ring.available > 0 } }

    /// Whether the audio server is connected (the null output always is).
    public var isConnected: Bool { server.isConnected }

    /// The playback rate set by ``setRate(_:)`` (1 until then); it outlives loads and scans.
    public var rate: Double { locked { currentRate } }

    /// The direction of the scan in progress, or `nil` when not scanning.
    public var scanDirection: ScanDirection? { locked { scanning } }

    /// Plays `track` at once, or holds it paused, from where it was opened; it plays at the
    /// current ``rate``, or scans if a scan is in progress.
    ///
    /// The track comes opened and positioned (``OpenedTrack/open(_:at:)``), so the engine's
    /// lock is held only to connect to the output and to swap the decoder in, never while
    /// a file or a stream is read.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server answers.
    public func load(_ track: OpenedTrack, playing: Bool) throws(AudioError) {
        try locked { () throws(AudioError) in
            let stream = try streamFor(track.decoder.format)
            stream.setCorked(true)
            stream.flush()
            decoder = track.decoder
            decoding = track.source
            currentGeneration += 1
            beginFeed(track.source, at: track.startFrame, format: track.decoder.format)
            self.playing = playing
            if playing { start(stream) }
        }
    }

    /// Sets the track to continue with, without a gap, when the current one ends (`nil`:
    /// nothing follows); it comes opened from its start.
    public func prepareNext(_ track: OpenedTrack?) {
        locked {
            next = track
            condition.signal()
        }
    }

    /// Resumes sound where it was paused.
    ///
    /// A server or sink that went away while sound was paused is found here: the engine then
    /// lets go of its dead stream and source, and the caller loads the source again (which
    /// reconnects) from the position it keeps.
    /// - Returns: whether sound resumed; `false` when nothing is loaded or the output is gone.
    @discardableResult
    public func resume() -> Bool {
        locked {
            guard let stream, decoder != nil || ring.available > 0 else { return false }
            guard connection?.isAlive == true, stream.isHealthy else {
                dropOutput()
                return false
            }
            playing = true
            start(stream)
            return true
        }
    }

    /// Pauses sound at once (the stream is corked), keeping the position.
    public func pause() {
        locked {
            playing = false
            stream?.setCorked(true)
            endBuffering()
        }
    }

    /// Stops sound and forgets the loaded source and any scan; the stream stays open,
    /// corked, and the ``rate`` stays.
    public func stop() {
        locked {
            playing = false
            stream?.setCorked(true)
            stream?.flush()
            decoder = nil
            decoding = nil
            next = nil
            pendingSwitch = nil
            scanning = nil
            scanCursor = nil
            timeline = Timeline()
            buffering = false
            currentGeneration += 1
        }
    }

    /// Moves the heard source to `position` seconds, sample-accurately, dropping
    /// everything buffered so the new position is heard next.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file cannot seek.
    public func seek(to position: Double) throws(AudioError) {
        try locked { () throws(AudioError) in
            guard let heard = heardSegment() else { return }
            try restart(heard.source, newGeneration: true) { OpenedTrack.frame(at: position, in: $0) }
        }
    }

    /// Plays on at `rate` times normal speed with the pitch kept, from what is heard now.
    ///
    /// The change is heard within a few tens of ms: the audio queued at the old rate is
    /// dropped and replaced. The rate applies to later loads and gapless successors too;
    /// during a scan it takes effect when the scan ends. The generation does not change:
    /// the same media plays on.
    /// - Parameter rate: the rate, clamped into ``supportedRates``.
    public func setRate(_ rate: Double) {
        locked {
            let clamped = min(max(rate, Self.supportedRates.lowerBound), Self.supportedRates.upperBound)
            guard clamped != currentRate else { return }
            currentRate = clamped
            if scanning == nil { restartAtHeardPosition() }
        }
    }

    /// Plays the source `id` at the linear `gain` from now on (its ReplayGain): heard at once
    /// when it is what plays (the queued audio is replaced from the heard position, as for a
    /// rate change), and kept for it when it is the source prepared next.
    public func setGain(_ gain: Float, forSource id: UInt64) {
        locked {
            if next?.source.id == id { next?.source.gain = gain }
            if let pending = pendingSwitch, pending.source.id == id {
                pendingSwitch = (pending.source.with(gain: gain), pending.decoder)
            }
            guard let heard = heardSegment(), heard.source.id == id, heard.source.gain != gain else { return }
            do throws(AudioError) {
                try restart(heard.source.with(gain: gain)) { _ in heard.mediaFrame }
            } catch {
                emit(.failed(id, reason: error.description))
            }
        }
    }

    /// Starts (or turns) a CD-like scan with sound from what is heard now: snippets of
    /// 0.12 s at normal speed (faded in and out), jumping so the media moves at
    /// ``Player/scanRate`` in `direction`. A forward scan runs on into the prepared next source;
    /// a backward scan that reaches the start of the source plays on from there. The scan
    /// lasts until ``endScan()``, a ``stop()`` or a lost output.
    public func scan(_ direction: ScanDirection) {
        locked {
            guard scanning != direction else { return }
            scanning = direction
            restartAtHeardPosition()
        }
    }

    /// Ends a scan: playback continues at ``rate`` from the position heard now.
    public func endScan() {
        locked {
            guard scanning != nil else { return }
            scanning = nil
            restartAtHeardPosition()
        }
    }

    /// What the listener hears now: the source (its identity) and the position in it in
    /// media seconds, if anything is loaded. A source heard before its ``EngineEvent/advanced(to:)``
    /// was handled is announced first, so the notice always comes before a position in it.
    public var position: (sourceID: UInt64, seconds: Double)? {
        locked {
            guard let stream else { return nil }
            let heardFrame = stream.heardFrames()
            reportProgress(stream, heardFrame: heardFrame)
            guard let heard = timeline.locate(heardFrame) else { return nil }
            return (heard.source.id, Double(heard.mediaFrame) / Double(stream.format.sampleRate))
        }
    }

    // MARK: Helpers (engine lock held)

    func emit(_ event: EngineEvent) {
        onNotice(EngineNotice(event: event, generation: currentGeneration))
    }

    func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    func streamFor(_ format: AudioFormat) throws(AudioError) -> any PlaybackOutput {
        if let stream, stream.format == format, stream.isHealthy { return stream }
        stream = nil
        if connection?.isAlive != true { connection = try server.connection() }
        let created = try connection!.openStream(
            format: format, ring: ring, sink: sink, corked: true, volume: streamVolume, role: "music",
            properties: streamProperties)
        stream = created
        return created
    }

    /// Starts reading `source` at `mediaFrame` into an empty stream: a fresh timeline, an
    /// empty stretcher at the current rate (or 1 while scanning) and a scan cursor if scanning.
    func beginFeed(_ source: TrackSource, at mediaFrame: Int, format: AudioFormat) {
        let feedRate = scanning == nil ? currentRate : 1
        if stretcher?.format != format { stretcher = TimeStretcher(format: format) }
        stretcher?.clear()
        stretcher?.setTempo(feedRate)
        timeline = Timeline(source: source, mediaFrame: mediaFrame, rate: feedRate, lead: stretcher?.meanLead ?? 0)
        scanCursor = scanning.map {
            ScanCursor(direction: $0, mediaFrame: mediaFrame, sampleRate: format.sampleRate, speed: Player.scanRate)
        }
        decoderAtEnd = false
        stretcherFlushed = false
        drainRequested = false
        buffering = false
    }

    /// Decodes a first chunk, hands it to the server and uncorks, then lets the decode
    /// thread fill the rest: the fastest way from a command to sound. A stream whose bytes
    /// stopped before ``heldToPlayOn`` seconds were decoded stays corked, buffering, until
    /// they come: a server would not start playing a shorter run anyway.
    func start(_ stream: any PlaybackOutput) {
        fillRing(stream, upTo: stream.format.sampleRate * stream.format.channels / 4)
        if decoderWaits, heldSeconds(stream) < Self.heldToPlayOn {
            if !buffering { startBuffering(stream) }
            condition.signal()
            return
        }
        stream.topUp()
        stream.setCorked(false)
        condition.signal()
    }
}
