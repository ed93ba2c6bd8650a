public import Playback

/// What the player's applier asks of the sound: load, pre-roll, pause, resume, seek,
/// speed, and what the listener hears. ``PlaybackEngine`` is the real one; its notices
/// (``EngineNotice``) go to whoever made it.
///
/// Threading: every requirement may be called from any thread; none waits for the audio
/// server longer than the engine's connection timeouts, and none opens a file: tracks come
/// opened (``OpenedTrack``). The documentation of each
/// requirement is that of ``PlaybackEngine``'s member.
public protocol PlaybackControl: AnyObject, Sendable {
    /// The generation of the audio loaded now: it changes with every load, seek, stop and
    /// rate change, so notices about replaced audio can be told apart.
    var generation: Int { get }
    /// What the track being decoded decodes to, with its file's average bit rate.
    var decodedFormat: DecodedFormat? { get }
    /// Whether a source is loaded (playing or paused).
    var isLoaded: Bool { get }
    /// Whether the audio server is connected.
    var isConnected: Bool { get }
    /// What the listener hears now: the source's identity and the media position in it.
    var position: (sourceID: UInt64, seconds: Double)? { get }
    /// Connects to the audio server unless connected, so a missing one is known now.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server answers.
    func connect() throws(AudioError)
    /// Plays `track`, opened and positioned by the caller, or holds it paused.
    /// - Throws: ``AudioError/pulseUnavailable(_:)``.
    func load(_ track: OpenedTrack, playing: Bool) throws(AudioError)
    /// Pre-rolls `track`, opened by the caller, to follow the current one without a gap
    /// (`nil`: nothing follows).
    func prepareNext(_ track: OpenedTrack?)
    /// Resumes sound where it was paused; `false` when nothing is loaded or the output is gone.
    func resume() -> Bool
    /// Pauses sound, keeping the position heard.
    func pause()
    /// Stops and unloads.
    func stop()
    /// Moves the heard source to `position` seconds.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file cannot seek.
    func seek(to position: Double) throws(AudioError)
    /// Plays the source `id` at the linear `gain` (its ReplayGain) from now on.
    func setGain(_ gain: Float, forSource id: UInt64)
    /// Plays at `rate` (0.5 to 2), pitch kept.
    func setRate(_ rate: Double)
    /// Scans forward or backward until ``endScan()``.
    func scan(_ direction: ScanDirection)
    /// Ends a scan where it is.
    func endScan()
    /// Plays to `sink` from now on (`nil`: the server's default); `reopening` moves the
    /// stream there even when that is the sink already chosen (the server may have moved it
    /// off a sink that went away and came back).
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when the server refuses that sink.
    func setSink(_ sink: String?, reopening: Bool) throws(AudioError)
    /// Where the sound goes now.
    var output: AudioOutput { get }
    /// Moves the sound to `output`, playing on from the position heard.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when `output` does not answer.
    func moveOutput(to output: AudioOutput) throws(AudioError)
    /// Leads the sound to `output` without connecting there while nothing is connected (the
    /// output a restart restores); with a connection up, moves it as ``moveOutput(to:)`` does.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when it moves and `output` does not answer.
    func leadOutput(to output: AudioOutput) throws(AudioError)
    /// The volume of the streams, 0 to 1.
    func setStreamVolume(_ volume: Double)
    /// Stops for good; after it returns the control may go away.
    func shutDown()
}

extension PlaybackControl {
    /// What the track being decoded decodes to; `nil` when nothing is loaded, or the
    /// control cannot tell.
    public var decodedFormat: DecodedFormat? { nil }

    /// Plays to `sink` from now on, moving the stream only when the choice changed.
    public func setSink(_ sink: String?) throws(AudioError) { try setSink(sink, reopening: false) }
}

extension PlaybackEngine: PlaybackControl {}
