/// The result of `daemon.info`: who is serving, from where, and with what.
public struct DaemonInfo: Codable, Equatable, Sendable {
    /// The PulseAudio side of the daemon.
    public struct Pulse: Codable, Equatable, Sendable {
        /// The server the daemon talks to (`null` for the default server).
        public var server: String?
        /// Whether it is connected now (it connects on the first play).
        public var connected: Bool

        /// Creates the PulseAudio part.
        public init(server: String?, connected: Bool) {
            self.server = server
            self.connected = connected
        }
    }

    public var version: String
    public var pid: Int
    /// Seconds since the daemon started.
    public var uptime: Double
    public var socket: String
    public var database: String
    public var musicDirectory: String
    public var policy: String
    /// Where the sound goes, `pulse` or `null` (an extension of SPEC §2; absent from older
    /// daemons, which play through PulseAudio only).
    public var output: String?
    public var pulse: Pulse
    /// The damaged database found at start and moved aside (an extension of SPEC §2),
    /// absent when the database was sound.
    public var damagedDatabase: DamagedDatabase?

    /// The head-unit view (an extension of SPEC §2), absent when it is off or not listening.
    public var view: View?
    /// Where the head-unit view listens; its token is in `view-token` beside the socket.
    public struct View: Codable, Equatable, Sendable {
        /// `HOST:PORT`, as a browser's address bar takes it.
        public var address: String
        /// Creates the record.
        public init(address: String) { self.address = address }
    }
    /// A database file found damaged at start: where it went and why.
    public struct DamagedDatabase: Codable, Equatable, Sendable {
        /// Where the old file is now, its `-wal`/`-shm` beside it.
        public var movedTo: String
        /// What was wrong with it.
        public var reason: String

        /// Creates the record.
        public init(movedTo: String, reason: String) {
            self.movedTo = movedTo
            self.reason = reason
        }
    }

    /// Creates the info.
    public init(
        version: String, pid: Int, uptime: Double, socket: String, database: String,
        musicDirectory: String, policy: String, output: String? = nil, pulse: Pulse, damagedDatabase: DamagedDatabase? = nil,
        view: View? = nil
    ) {
        self.version = version
        self.pid = pid
        self.uptime = uptime
        self.socket = socket
        self.database = database
        self.musicDirectory = musicDirectory
        self.policy = policy
        self.output = output
        self.pulse = pulse
        self.damagedDatabase = damagedDatabase
        self.view = view
    }
}
