/// An audio session's `role` on the wire (SPEC §5): an automotive role, or `voicemail`.
public enum SessionRoleName: String, CheckedWireName {
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

    /// `role`.
    public static let wireNoun = "role"
}
