/// The params of `prompt.play`: speak a voice prompt over whatever plays.
public struct PromptPlayParams: Codable, Equatable, Sendable {
    /// Absolute path of an MP3 or WAV file.
    public var file: String
    /// The `voicePrompt` session to play it under; absent: the daemon's default prompt
    /// session (playback / voicePrompt / duckOthers + interruptSpokenAudioAndMixWithOthers).
    public var session: String?
    /// Follow the prompt style: nothing for `none`, a short tone for `short`.
    public var respectPromptStyle: Bool?

    /// Creates params.
    public init(file: String, session: String? = nil, respectPromptStyle: Bool? = nil) {
        self.file = file
        self.session = session
        self.respectPromptStyle = respectPromptStyle
    }
}

/// The result of `prompt.play`, sent once the prompt has been played out.
public struct PromptPlayResult: Codable, Equatable, Sendable {
    /// `full` (the file), `tone` (the short chime) or `none`.
    public var played: PromptPlayedName

    /// Creates a result.
    public init(played: PromptPlayedName) { self.played = played }
}
