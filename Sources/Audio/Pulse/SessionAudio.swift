/// What the audio sessions need of the audio server: the gains, mutes and volumes of each
/// session's streams, the output devices, and reports of sound and devices (given to the
/// maker of the connection). ``SessionAudioControl`` is the PulseAudio one.
///
/// Threading: every requirement may be called from any thread and returns without waiting
/// for the server, except ``flush(within:)``, which waits for it.
public protocol SessionAudio: AnyObject, Sendable {
    /// Whether the connection to the server is still up.
    var isConnected: Bool { get }
    /// Ramps every stream of `session` to the linear `gain` over `rampMilliseconds` (0: at
    /// once), and gives later streams of the session that gain.
    func setGain(_ gain: Double, session: String, rampMilliseconds: Int)
    /// Ramps the transport's fade of `session` (1: none, 0: silent) to `level` over
    /// `rampMilliseconds`, under its gain and volume: a pause or resume that does not cut.
    func setFade(_ level: Double, session: String, rampMilliseconds: Int)
    /// Sets the listener's own volume (0 to 1) for `session`, under its gain.
    func setVolume(_ volume: Double, session: String)
    /// Fades every stream of `session` to silence over `rampMilliseconds` and mutes it
    /// (`true`), later ones too while interrupted; or unmutes them and raises them back
    /// (`false`). 0 mutes or unmutes at once.
    func setInterrupted(_ interrupted: Bool, session: String, rampMilliseconds: Int)
    /// The server's output devices, and the one `session` plays to, as last reported.
    func outputs(of session: String) -> (devices: [OutputDevice], inUse: String?)
    /// Makes another program's stream one of `session`'s. A playing stream's volume as it is
    /// now becomes the session's volume (the listener's own), and the session's gain and mute
    /// reach it; a recording stream is never ducked or muted. Either way its sound is
    /// reported as the session's. A stream that is gone, or already adopted, is left as it is.
    func adopt(_ stream: ForeignAudioStream, as session: String)
    /// Whether a stream of `session` plays now (is not corked), as last reported.
    func isSounding(session: String) -> Bool
    /// Forgets what was remembered for `session`; its streams keep what they have.
    func forget(session: String)
    /// Waits until the server has carried out every change asked so far, at most `seconds`;
    /// whether it answered in time.
    func flush(within seconds: Double) -> Bool
}

extension SessionAudioControl: SessionAudio {}
