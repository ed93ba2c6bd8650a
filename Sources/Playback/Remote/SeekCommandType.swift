/// Whether a `seekForward`/`seekBackward` command starts or ends the scan (the button is
/// pressed or released), as the command's `type` names it.
public enum SeekCommandType: String, Sendable, CaseIterable, Codable {
    /// Start scanning.
    case begin
    /// Stop scanning and play on at the chosen rate.
    case end
}
