/// What a session is for, in the words of an automotive audio stack, plus `voicemail`.
///
/// The default policy looks at roles only for the prompt style (`voiceCommand` and
/// `voicemail` ask for short prompts); an interaction-matrix policy arbitrates by role.
public enum SessionRole: String, Sendable, CaseIterable, Codable {
    /// Music and other media.
    case music
    /// Navigation guidance.
    case navigation
    /// A voice assistant speaking or listening.
    case voiceCommand
    /// A ringing phone.
    case callRing
    /// A call in progress.
    case call
    /// An alarm clock.
    case alarm
    /// A notification sound.
    case notification
    /// A user-interface sound.
    case systemSound
    /// An emergency warning.
    case emergency
    /// A driving-safety warning.
    case safety
    /// A vehicle status chime.
    case vehicleStatus
    /// A public announcement.
    case announcement
    /// Playing back voicemail.
    case voicemail
}
