/// A stream of another program, playing (a sink input) or recording (a source output):
/// neither one of the daemon's own streams nor a stream of a `rondo session exec` command
/// (it carries no session id). The session control reports each once, when it first sees
/// it (``AudioServerEvent/foreignStreamAppeared(_:)``), with what the program says of it;
/// the daemon decides whether to adopt it into a session.
public struct ForeignAudioStream: Sendable, Equatable {
    /// The stream's index at the server among its kind, as `pactl list sink-inputs` (or
    /// `source-outputs`) shows it.
    public var index: UInt32
    /// Whether it records (a source output) rather than plays (a sink input).
    public var captures: Bool
    /// `media.role`.
    public var mediaRole: String?
    /// `application.name`.
    public var application: String?
    /// `application.process.binary`.
    public var binary: String?
    /// `media.name`.
    public var mediaName: String?
    /// `application.process.id`, when the program said.
    public var processID: Int32?

    /// A report from its parts.
    public init(
        index: UInt32, captures: Bool = false, mediaRole: String? = nil, application: String? = nil, binary: String? = nil,
        mediaName: String? = nil, processID: Int32? = nil
    ) {
        self.index = index
        self.captures = captures
        self.mediaRole = mediaRole
        self.application = application
        self.binary = binary
        self.mediaName = mediaName
        self.processID = processID
    }
}
