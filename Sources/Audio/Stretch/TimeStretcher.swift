import CSoundTouch

/// Changes the tempo of interleaved `Float` PCM while keeping its pitch (SoundTouch's
/// WSOLA time-stretch), or passes it through untouched at tempo 1.
///
/// At tempo 1 SoundTouch is bypassed entirely: ``receive(into:)`` returns exactly the
/// samples given to ``put(_:)``, in order, with no latency, so gapless playback at normal
/// speed is bit-exact. At any other tempo the output is about `1 / tempo` times as long
/// as the input and lags it by SoundTouch's processing window (some tens of ms, held
/// inside until more input or a ``flush()`` pushes it out).
///
/// Ownership: one thread uses a stretcher at a time (the engine's decode thread, holding
/// the engine lock); it is never touched from the realtime callback.
final class TimeStretcher {
    /// The PCM format of both input and output.
    let format: AudioFormat
    /// The tempo: media seconds consumed per output second (1 = normal speed).
    private(set) var tempo = 1.0
    private let handle: HANDLE
    /// Input waiting to be received while bypassed.
    private var bypassed: [Float] = []
    private var bypassedStart = 0

    /// Creates a stretcher for `format` at tempo 1.
    init(format: AudioFormat) {
        self.format = format
        handle = soundtouch_createInstance()
        soundtouch_setSampleRate(handle, UInt32(format.sampleRate))
        soundtouch_setChannels(handle, UInt32(format.channels))
        for (setting, value) in Self.settings { soundtouch_setSetting(handle, Int32(setting), Int32(value)) }
    }

    /// SoundTouch's settings for speech, at every tempo: 40 ms sequences (its automatic
    /// choice at 2×, 90 ms at 0.5×), a 15 ms seek window, an 8 ms overlap and the quick
    /// seek. Shorter sequences keep what is heard within ±10 ms of the media position at
    /// 0.5× (±22 ms with 90 ms ones), spoken word (what is mostly played fast or slow)
    /// keeps its syllables, and the quick seek costs a fraction of the full search.
    ///
    /// The anti-alias filter is off: SoundTouch passes every sample through its rate
    /// transposer even at rate 1, the only rate used here (the pitch is kept), where the
    /// transposer's interpolation returns the samples as they are and its 64-tap filter,
    /// cut off at the Nyquist frequency, only delays them. The filter was half of
    /// SoundTouch's time at 2×.
    private static let settings = [
        (RONDO_ST_SETTING_SEQUENCE_MS, 40), (RONDO_ST_SETTING_SEEKWINDOW_MS, 15), (RONDO_ST_SETTING_OVERLAP_MS, 8),
        (RONDO_ST_SETTING_USE_QUICKSEEK, 1), (RONDO_ST_SETTING_USE_AA_FILTER, 0),
    ]

    deinit { soundtouch_destroyInstance(handle) }

    /// Whether samples pass through untouched (tempo 1).
    var isBypassed: Bool { tempo == 1 }

    /// Samples ready for ``receive(into:)``.
    var availableSamples: Int {
        isBypassed ? bypassed.count - bypassedStart : Int(soundtouch_numSamples(handle)) * format.channels
    }

    /// Media frames by which what comes out is ahead, on average, of the plain
    /// `input / tempo` mapping; 0 when bypassed.
    ///
    /// Each of SoundTouch's processing sequences plays a stretch of input one sequence plus
    /// one overlap long at normal speed, and the next starts back (or on) at the nominal
    /// position: the content drifts from the mapping by up to `(1 - tempo)` times that
    /// length and comes back, half of it on average (+10 ms at 0.5×, −20 ms at 2× with the settings below).
    var meanLead: Double {
        guard !isBypassed else { return 0 }
        let sequence = Double(soundtouch_getSetting(handle, Int32(RONDO_ST_SETTING_NOMINAL_OUTPUT_SEQUENCE)))
        let overlapMilliseconds = Double(soundtouch_getSetting(handle, Int32(RONDO_ST_SETTING_OVERLAP_MS)))
        let overlap = overlapMilliseconds * Double(format.sampleRate) / 1000
        return (1 - tempo) * (sequence + overlap) / 2
    }

    /// Sets the tempo for the samples put from now on, keeping the pitch.
    ///
    /// Between two stretching tempos the change is smooth. Moving to or from tempo 1
    /// switches between bypass and SoundTouch and drops whatever either one still holds,
    /// so callers change the tempo right after a ``clear()``.
    /// - Parameter tempo: media seconds per output second, greater than zero.
    func setTempo(_ tempo: Double) {
        precondition(tempo > 0, "tempo must be positive")
        if (tempo == 1) != isBypassed { clear() }
        self.tempo = tempo
        if tempo != 1 { soundtouch_setTempo(handle, Float(tempo)) }
    }

    /// Hands `samples` (whole frames, interleaved) to the stretcher.
    func put(_ samples: UnsafeBufferPointer<Float>) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        if isBypassed {
            if bypassedStart == bypassed.count {
                bypassed.removeAll(keepingCapacity: true)
                bypassedStart = 0
            }
            bypassed.append(contentsOf: samples)
        } else {
            soundtouch_putSamples(handle, base, UInt32(samples.count / format.channels))
        }
    }

    /// Moves up to `buffer.count` samples (whole frames) of output into `buffer`.
    /// - Returns: the number of samples written; 0 when nothing is ready.
    func receive(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        let frames = buffer.count / format.channels
        guard frames > 0, let base = buffer.baseAddress else { return 0 }
        guard isBypassed else {
            return Int(soundtouch_receiveSamples(handle, base, UInt32(frames))) * format.channels
        }
        let count = min(frames * format.channels, bypassed.count - bypassedStart)
        guard count > 0 else { return 0 }
        bypassed.withUnsafeBufferPointer { source in
            base.update(from: source.baseAddress! + bypassedStart, count: count)
        }
        bypassedStart += count
        return count
    }

    /// Pushes out everything still held, at the end of the stream (SoundTouch may add a
    /// few ms of silence after it). A no-op when bypassed.
    func flush() {
        if !isBypassed { soundtouch_flush(handle) }
    }

    /// Drops everything held, for a seek, a rate change or a new track.
    func clear() {
        soundtouch_clear(handle)
        bypassed.removeAll(keepingCapacity: true)
        bypassedStart = 0
    }
}
