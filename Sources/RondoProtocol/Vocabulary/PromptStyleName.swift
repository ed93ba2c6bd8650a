/// How voice prompts should sound now (SPEC §5), as AVAudioSession's `promptStyle` says.
public enum PromptStyleName: String, WireName {
    /// Play no prompt: speech recognition is listening.
    case none
    /// Play a short tone instead of speech: a call or an assistant is talking.
    case short
    /// Play the full spoken prompt.
    case normal
}
