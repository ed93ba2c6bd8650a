/// What `prompt.play` played (SPEC §2).
public enum PromptPlayedName: String, WireName {
    /// The file.
    case full
    /// The short chime the `short` prompt style asks for.
    case tone
    /// Nothing: the prompt style is `none`.
    case none
}
