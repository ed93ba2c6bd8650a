/// A stream of another program on the audio server, as the adoption rules see it: what it
/// says of itself in its properties (SPEC §16).
public struct ForeignStream: Sendable, Hashable {
    /// Which way the stream's sound goes.
    public enum Direction: String, Sendable, CaseIterable, Hashable {
        /// A stream that plays (a sink input).
        case playback
        /// A stream that records (a source output): a dictation tool, an assistant listening.
        case capture
    }

    /// Which way the sound goes.
    public var direction: Direction
    /// `media.role`, as the program set it (PulseAudio's `phone`, PipeWire's `Communication`).
    public var mediaRole: String?
    /// `application.name`.
    public var application: String?
    /// `application.process.binary`.
    public var binary: String?
    /// `media.name`.
    public var mediaName: String?

    /// A stream from its properties; each is `nil` when the program did not set it.
    public init(
        direction: Direction = .playback, mediaRole: String? = nil, application: String? = nil, binary: String? = nil,
        mediaName: String? = nil
    ) {
        self.direction = direction
        self.mediaRole = mediaRole
        self.application = application
        self.binary = binary
        self.mediaName = mediaName
    }
}
