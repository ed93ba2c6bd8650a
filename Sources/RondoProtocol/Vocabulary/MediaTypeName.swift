/// The now-playing `mediaType` key on the wire (SPEC §3).
public enum MediaTypeName: String, WireName {
    /// Sound only: everything Rondo plays.
    case audio
}
