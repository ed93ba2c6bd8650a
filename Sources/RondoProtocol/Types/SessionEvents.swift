/// `session.interruption`: an interruption of a session began or ended.
public struct SessionInterruption: Codable, Equatable, Sendable {
    public var session: String
    /// Whether it began or ended.
    public var type: InterruptionTypeName
    /// Why it began.
    public var reason: InterruptionReasonName?
    /// When it ended: whether the session should play again.
    public var shouldResume: Bool?

    /// Creates the event's params.
    public init(
        session: String, type: InterruptionTypeName, reason: InterruptionReasonName? = nil, shouldResume: Bool? = nil
    ) {
        self.session = session
        self.type = type
        self.reason = reason
        self.shouldResume = shouldResume
    }
}

/// `session.gain`: the gain applied to a session's streams changed (ducking).
public struct SessionGain: Codable, Equatable, Sendable {
    public var session: String
    public var gain: Double

    /// Creates the event's params.
    public init(session: String, gain: Double) {
        self.session = session
        self.gain = gain
    }
}

/// `session.advisory`: a session is used in a way that is probably a mistake.
public struct SessionAdvisory: Codable, Equatable, Sendable {
    public var session: String
    public var message: String

    /// Creates the event's params.
    public init(session: String, message: String) {
        self.session = session
        self.message = message
    }
}

/// `route.changed`: the output device changed.
public struct RouteChanged: Codable, Equatable, Sendable {
    /// Why the route changed.
    public var reason: RouteChangeReasonName
    /// The sink that went away, if any.
    public var previousSink: String?
    /// The sink now in use or newly available, if any.
    public var sink: String?
    /// The sandbox whose route change this is (simulated with `sandbox.route`); absent for
    /// a real device.
    public var sandbox: String?

    /// Creates the event's params.
    public init(reason: RouteChangeReasonName, previousSink: String?, sink: String?, sandbox: String? = nil) {
        self.reason = reason
        self.previousSink = previousSink
        self.sink = sink
        self.sandbox = sandbox
    }
}
