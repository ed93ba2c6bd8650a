/// A sink input of another program: neither one of the daemon's own streams nor a stream
/// of a `rondo session exec` command (it carries no session id). The session control reports
/// each once, when it first sees it (``AudioServerEvent/foreignStreamAppeared(_:)``), with
/// what the program says of it; the daemon decides whether to adopt it into a session.
public struct ForeignSinkInput: Sendable, Equatable {
    /// The sink input's index at the server, as `pactl list sink-inputs` shows it.
    public var index: UInt32
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
        index: UInt32, mediaRole: String? = nil, application: String? = nil, binary: String? = nil,
        mediaName: String? = nil, processID: Int32? = nil
    ) {
        self.index = index
        self.mediaRole = mediaRole
        self.application = application
        self.binary = binary
        self.mediaName = mediaName
        self.processID = processID
    }
}
