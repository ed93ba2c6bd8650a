/// What a session does with audio, in AVAudioSession's terms.
///
/// The category sets the base behaviour: whether the session plays, records or both, and
/// whether it mixes with others. ``SessionCategory/supportedModes`` and
/// ``SessionCategory/settableOptions`` say which modes and options go with it.
public enum SessionCategory: String, Sendable, CaseIterable, Codable {
    /// Sound that mixes with everything else (a game's background, a car's chimes); always mixable.
    case ambient
    /// Sound that silences other non-mixable sessions but is not essential (the default of iOS).
    case soloAmbient
    /// Sound that is the point of the program: music, podcasts, navigation prompts.
    case playback
    /// Recording only, such as speech recognition.
    case record
    /// Playing and recording at once, such as a call.
    case playAndRecord
}
