/// One `[[adopt]]` rule of a policy (SPEC §16): which streams of other programs it takes in
/// (by their role, application, binary and media name) and the session they become.
public struct AdoptionRule: Sendable, Hashable {
    /// Which streams the rule takes in; every condition given must hold, and a rule with
    /// none takes every stream of its direction.
    public struct Match: Sendable, Hashable {
        /// `media.role` values, lowercased; any of them matches, compared case-insensitively.
        public var roles: Set<String>?
        /// A glob on `application.name`.
        public var application: Glob?
        /// A glob on `application.process.binary`.
        public var binary: Glob?
        /// A glob on `media.name`.
        public var media: Glob?

        /// A match from its conditions; roles are lowercased here.
        public init(roles: Set<String>? = nil, application: Glob? = nil, binary: Glob? = nil, media: Glob? = nil) {
            self.roles = roles.map { Set($0.map { $0.lowercased() }) }
            self.application = application
            self.binary = binary
            self.media = media
        }

        /// Whether `stream` meets every condition given; a property the stream lacks meets none.
        public func matches(_ stream: ForeignStream) -> Bool {
            if let roles, !roles.contains(stream.mediaRole?.lowercased() ?? "\u{0}") { return false }
            if let application, !(stream.application.map(application.matches) ?? false) { return false }
            if let binary, !(stream.binary.map(binary.matches) ?? false) { return false }
            if let media, !(stream.mediaName.map(media.matches) ?? false) { return false }
            return true
        }
    }

    /// The streams the rule takes in.
    public var match: Match
    /// Whether it takes in playing streams (sink inputs) or recording ones (source outputs).
    public var direction: ForeignStream.Direction
    /// The session each stream becomes.
    public var configuration: SessionConfiguration
    /// How the session is paused when it is interrupted.
    public var control: ForeignControl

    /// A rule from its parts.
    public init(
        match: Match, direction: ForeignStream.Direction = .playback, configuration: SessionConfiguration,
        control: ForeignControl = .mpris
    ) {
        self.match = match
        self.direction = direction
        self.configuration = configuration
        self.control = control
    }

    /// Whether the rule takes in `stream`.
    public func adopts(_ stream: ForeignStream) -> Bool {
        stream.direction == direction && match.matches(stream)
    }
}

/// How an interrupted foreign session is silenced (SPEC §16).
public enum ForeignControl: String, Sendable, CaseIterable, Hashable {
    /// Its program's MPRIS player is paused, and played again when the interruption ends;
    /// a stream with no player, or one that keeps playing, is muted instead.
    case mpris
    /// Its stream is faded out and muted, and unmuted when the interruption ends.
    case mute
}

/// Which streams of other programs the daemon takes in (`[focus] adopt` in rondo.toml).
public enum AdoptionScope: String, Sendable, CaseIterable, Hashable {
    /// The streams some `[[adopt]]` rule matches.
    case roles
    /// Those, and every other playing stream as the policy's `[adopt_default]` says.
    case all
    /// None: other programs' audio is left alone.
    case off
}

/// What a policy makes of one foreign stream: the session it becomes and the rule that said so.
public struct Adoption: Sendable, Hashable {
    /// The session the stream becomes.
    public var configuration: SessionConfiguration
    /// How it is silenced when interrupted.
    public var control: ForeignControl
    /// The rule that matched: its place among the `[[adopt]]` rules, `nil` for `[adopt_default]`.
    public var rule: Int?
}

extension FocusPolicy {
    /// What `stream` becomes under this policy and `scope`: the first `[[adopt]]` rule that
    /// takes it in, else (scope `all`, a playing stream) `[adopt_default]`; `nil` when it
    /// is left alone.
    public func adoption(of stream: ForeignStream, scope: AdoptionScope) -> Adoption? {
        guard scope != .off else { return nil }
        if let index = adoptionRules.firstIndex(where: { $0.adopts(stream) }) {
            let rule = adoptionRules[index]
            return Adoption(configuration: rule.configuration, control: rule.control, rule: index)
        }
        guard scope == .all, stream.direction == .playback else { return nil }
        return Adoption(configuration: adoptDefault.configuration, control: adoptDefault.control, rule: nil)
    }
}
