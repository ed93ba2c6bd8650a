/// The params of `session.open`: a new audio session owned by this connection.
///
/// Category, mode, options and role travel as their SPEC §5 names; an unknown name, or a
/// combination the daemon refuses, is `badParam`.
public struct SessionOpenParams: Codable, Equatable, Sendable {
    /// A name for people and scenarios (`nav`, `podcast`); need not be unique.
    public var name: String
    /// What the session does with audio.
    public var category: SessionCategoryName
    /// A refinement of the category; absent is `default`.
    public var mode: SessionModeName?
    /// How it treats other sessions.
    public var options: [SessionOptionName]?
    /// An automotive role or `voicemail`.
    public var role: SessionRoleName?
    /// The sandbox to open it in, instead of the daemon's real arbiter.
    public var sandbox: String?

    /// Creates params.
    public init(
        name: String, category: SessionCategoryName, mode: SessionModeName? = nil, options: [SessionOptionName]? = nil,
        role: SessionRoleName? = nil, sandbox: String? = nil
    ) {
        self.name = name
        self.category = category
        self.mode = mode
        self.options = options
        self.role = role
        self.sandbox = sandbox
    }
}

/// A session's identifier on the wire, as `session.open` returns it and other methods take it.
public struct SessionRef: Codable, Equatable, Sendable {
    /// The identifier.
    public var session: String

    /// Creates a reference.
    public init(session: String) { self.session = session }
}

/// The params of `session.configure`: the parts of the configuration to change.
public struct SessionConfigureParams: Codable, Equatable, Sendable {
    public var session: String
    public var category: SessionCategoryName?
    public var mode: SessionModeName?
    public var options: [SessionOptionName]?

    /// Creates params.
    public init(
        session: String, category: SessionCategoryName? = nil, mode: SessionModeName? = nil,
        options: [SessionOptionName]? = nil
    ) {
        self.session = session
        self.category = category
        self.mode = mode
        self.options = options
    }
}

/// The params of `session.deactivate`.
public struct SessionDeactivateParams: Codable, Equatable, Sendable {
    public var session: String
    /// End the interruptions this session caused (`shouldResume` for the interrupted).
    public var notifyOthers: Bool?

    /// Creates params.
    public init(session: String, notifyOthers: Bool? = nil) {
        self.session = session
        self.notifyOthers = notifyOthers
    }
}

/// One session as `session.list` shows it.
public struct SessionInfo: Codable, Equatable, Sendable {
    public var session: String
    public var name: String
    /// Who opened it: `rondod` for the daemon's player, else `connection N`.
    public var owner: String
    public var category: SessionCategoryName
    public var mode: SessionModeName
    public var options: [SessionOptionName]
    public var role: SessionRoleName?
    public var sandbox: String?
    /// Where it stands with the arbiter.
    public var state: SessionStateName
    /// The linear gain applied to its streams (1 unless ducked).
    public var gain: Double
    /// The other program whose stream this session is (SPEC §16); absent for the daemon's
    /// and clients' own sessions.
    public var foreign: ForeignProgramInfo?

    /// Creates an entry.
    public init(
        session: String, name: String, owner: String, category: SessionCategoryName, mode: SessionModeName,
        options: [SessionOptionName], role: SessionRoleName?, sandbox: String?, state: SessionStateName, gain: Double,
        foreign: ForeignProgramInfo? = nil
    ) {
        self.session = session
        self.name = name
        self.owner = owner
        self.category = category
        self.mode = mode
        self.options = options
        self.role = role
        self.sandbox = sandbox
        self.state = state
        self.gain = gain
        self.foreign = foreign
    }
}

/// The program behind a foreign session, as its stream says (SPEC §16).
public struct ForeignProgramInfo: Codable, Equatable, Sendable {
    /// Its process id (`application.process.id`), when it said.
    public var pid: Int32?
    /// `application.name`.
    public var application: String?
    /// `application.process.binary`.
    public var binary: String?
    /// The stream's `media.role`, as the program set it.
    public var mediaRole: String?
    /// The stream's sink input at the audio server, for a stream that plays.
    public var sinkInput: UInt32?
    /// The stream's source output at the audio server, for a stream that records.
    public var sourceOutput: UInt32?
    /// The MPRIS player an interruption pauses (its bus name), when one was found.
    public var player: String?

    /// Creates a description.
    public init(
        pid: Int32?, application: String?, binary: String?, mediaRole: String?, sinkInput: UInt32?,
        sourceOutput: UInt32? = nil, player: String? = nil
    ) {
        self.pid = pid
        self.application = application
        self.binary = binary
        self.mediaRole = mediaRole
        self.sinkInput = sinkInput
        self.sourceOutput = sourceOutput
        self.player = player
    }
}

/// The result of `session.promptStyle` and the params of the `session.promptStyle` event.
public struct PromptStyleResult: Codable, Equatable, Sendable {
    /// How prompts should sound.
    public var promptStyle: PromptStyleName
    /// The sandbox whose prompt style this is; absent for the daemon's real arbiter.
    public var sandbox: String?

    /// Creates a result.
    public init(promptStyle: PromptStyleName, sandbox: String? = nil) {
        self.promptStyle = promptStyle
        self.sandbox = sandbox
    }
}

/// The params of `session.promptStyle`: absent, or naming a sandbox to ask about instead of
/// the daemon's real arbiter (for scenarios).
public struct PromptStyleParams: Codable, Equatable, Sendable {
    /// The sandbox, or `nil` for the real arbiter.
    public var sandbox: String?

    /// Creates params.
    public init(sandbox: String? = nil) { self.sandbox = sandbox }
}

/// The params of `sandbox.open`: an isolated arbiter under a policy, for focus scenarios.
public struct SandboxOpenParams: Codable, Equatable, Sendable {
    /// The policy's name (`default`, `automotive`, or one in the user's policies directory).
    public var policy: String

    /// Creates params.
    public init(policy: String) { self.policy = policy }
}

/// A sandbox's name, as `sandbox.open` returns it and `sandbox.close` takes it.
public struct SandboxRef: Codable, Equatable, Sendable {
    /// The name.
    public var sandbox: String

    /// Creates a reference.
    public init(sandbox: String) { self.sandbox = sandbox }
}

/// The params of `sandbox.route`: a route change in a sandbox, as the `route-lost` and
/// `route-restored` steps of a scenario need (a real device change would reach the user's
/// playback too).
public struct SandboxRouteParams: Codable, Equatable, Sendable {
    /// The sandbox.
    public var sandbox: String
    /// The device going away or appearing.
    public var reason: SandboxRouteChange

    /// Creates params.
    public init(sandbox: String, reason: SandboxRouteChange) {
        self.sandbox = sandbox
        self.reason = reason
    }
}

/// The params of `sandbox.wait`: time passing in a sandbox, as a scenario's `wait` step
/// needs (a sandbox's clock moves only so, and its runs are exact).
public struct SandboxWaitParams: Codable, Equatable, Sendable {
    /// The sandbox.
    public var sandbox: String
    /// How long, in seconds.
    public var seconds: Double

    /// Creates params.
    public init(sandbox: String, seconds: Double) {
        self.sandbox = sandbox
        self.seconds = seconds
    }
}

/// The params of `session.changed`: a session of the daemon's own arbiter as it is now.
public struct SessionChanged: Codable, Equatable, Sendable {
    public var session: String
    public var name: String
    /// Where it stands with the arbiter; absent once it is closed.
    public var state: SessionStateName?
    /// The other program whose stream it is, for a foreign session.
    public var foreign: ForeignProgramInfo?

    /// Creates params.
    public init(session: String, name: String, state: SessionStateName?, foreign: ForeignProgramInfo? = nil) {
        self.session = session
        self.name = name
        self.state = state
        self.foreign = foreign
    }
}
