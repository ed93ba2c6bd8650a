/// The tunables and rules the arbiter follows, as a policy file states them.
///
/// ``FocusPolicy/default`` reproduces AVAudioSession and equals what
/// `Config/policies/default.toml` loads to. A policy of kind
/// ``PolicyKind/interactionMatrix`` (`Config/policies/automotive.toml`) arbitrates by its
/// ``interactionMatrix`` instead of by categories, options and priority rules. The values
/// are taken as given here; loading a file (``init(toml:file:)``) is where they are checked.
public struct FocusPolicy: Sendable, Equatable {
    /// The policy's name, as scenarios and `rondo.toml` refer to it.
    public var name: String
    /// Which model of arbitration the policy describes.
    public var kind: PolicyKind
    /// The linear gain of a ducked session, in 0…1.
    public var duckLevel: Double
    /// How long gain changes ramp, in milliseconds, to avoid clicks.
    public var rampMilliseconds: Int
    /// Whether music interrupted by music is told it should resume when the interruption ends.
    public var musicResumesAfterMusic: Bool
    /// How long a session may stay active without sound before an advisory, in seconds.
    public var promptHoldSeconds: Double
    /// How soon after the daemon starts an activation counts as "at launch", in seconds.
    public var launchWindowSeconds: Double
    /// The prompt-style rules, first match first.
    public var promptStyleRules: [PromptStyleRule]
    /// The prompt style when no rule matches.
    public var fallbackPromptStyle: PromptStyle
    /// The priority rules, checked in order on every activation; unused under an
    /// interaction matrix.
    public var priorityRules: [PriorityRule]
    /// The interaction matrix the arbiter follows instead of AVAudioSession's rules and the
    /// priority rules whenever it is given; a loaded policy has one exactly when ``kind`` is
    /// ``PolicyKind/interactionMatrix``.
    public var interactionMatrix: InteractionMatrix?
    /// The `[[adopt]]` rules that make other programs' streams into foreign sessions, first
    /// match first (SPEC §16).
    public var adoptionRules: [AdoptionRule]
    /// What a playing stream no rule matches becomes under `[focus] adopt = "all"`; its
    /// match is not used.
    public var adoptDefault: AdoptionRule

    /// A policy from its parts; each defaults to ``FocusPolicy/default``'s value.
    /// - Parameters:
    ///   - name: the policy's name.
    ///   - kind: the model of arbitration.
    ///   - duckLevel: the gain of a ducked session, in 0…1.
    ///   - rampMilliseconds: how long gain changes ramp.
    ///   - musicResumesAfterMusic: whether music resumes after music.
    ///   - promptHoldSeconds: the silence before an advisory.
    ///   - launchWindowSeconds: how soon after start an activation is "at launch".
    ///   - promptStyleRules: the prompt-style rules, first match first.
    ///   - fallbackPromptStyle: the style when no rule matches.
    ///   - priorityRules: the priority rules.
    ///   - interactionMatrix: the interaction matrix, for kind ``PolicyKind/interactionMatrix``.
    ///   - adoptionRules: the `[[adopt]]` rules.
    ///   - adoptDefault: what an unmatched playing stream becomes under `adopt = "all"`.
    public init(
        name: String = "default", kind: PolicyKind = .audioSession, duckLevel: Double = 0.3,
        rampMilliseconds: Int = 50, musicResumesAfterMusic: Bool = false, promptHoldSeconds: Double = 3,
        launchWindowSeconds: Double = 2, promptStyleRules: [PromptStyleRule] = FocusPolicy.defaultPromptStyleRules,
        fallbackPromptStyle: PromptStyle = .normal, priorityRules: [PriorityRule] = FocusPolicy.defaultPriorityRules,
        interactionMatrix: InteractionMatrix? = nil, adoptionRules: [AdoptionRule] = FocusPolicy.defaultAdoptionRules,
        adoptDefault: AdoptionRule = FocusPolicy.defaultAdoptDefault
    ) {
        self.name = name
        self.kind = kind
        self.duckLevel = duckLevel
        self.rampMilliseconds = rampMilliseconds
        self.musicResumesAfterMusic = musicResumesAfterMusic
        self.promptHoldSeconds = promptHoldSeconds
        self.launchWindowSeconds = launchWindowSeconds
        self.promptStyleRules = promptStyleRules
        self.fallbackPromptStyle = fallbackPromptStyle
        self.priorityRules = priorityRules
        self.interactionMatrix = interactionMatrix
        self.adoptionRules = adoptionRules
        self.adoptDefault = adoptDefault
    }

    /// AVAudioSession's behaviour (SPEC §5).
    public static let `default` = FocusPolicy()

    /// SPEC §5's prompt styles: `none` while recording, else `short` during a call or while
    /// an assistant or voicemail speaks.
    public static let defaultPromptStyleRules = [
        PromptStyleRule(when: SessionPredicate(categories: [.record]), style: .none),
        PromptStyleRule(when: SessionPredicate(isCall: true), style: .short),
        PromptStyleRule(when: SessionPredicate(roles: [.voiceCommand, .voicemail]), style: .short),
    ]

    /// SPEC §5's priority: while a call is active, non-mixable sessions may not activate.
    public static let defaultPriorityRules = [
        PriorityRule(name: "call", holder: SessionPredicate(isCall: true), blocked: SessionPredicate(isMixable: false))
    ]

    /// The prompt style while `active` are the active sessions' configurations: the style of
    /// the first rule any of them matches, else ``fallbackPromptStyle``.
    ///
    /// Under an interaction matrix a rule's `role` condition tests the role each session
    /// arbitrates as (``InteractionMatrix/role(of:)``), so that a call without a declared
    /// role counts as role `call`.
    /// - Parameter active: the configurations of the active sessions.
    /// - Returns: the prompt style.
    public func promptStyle(for active: [SessionConfiguration]) -> PromptStyle {
        guard let matrix = interactionMatrix else {
            return promptStyleRules.first { rule in active.contains(where: rule.when.matches) }?.style
                ?? fallbackPromptStyle
        }
        let rule = promptStyleRules.first { rule in
            active.contains { rule.when.matches($0, as: matrix.role(of: $0)) }
        }
        return rule?.style ?? fallbackPromptStyle
    }

    /// Whether an active session configured as `ducker` lowers another active one configured
    /// as `ducked`: by `duckOthers` under AVAudioSession's rules, except that a ducker never
    /// ducks another ducker (two navigation prompts mix at full level, as PulseAudio's role
    /// ducking, WirePlumber's same-priority mix and Android Automotive's duck lists do); by
    /// the roles' duck lists under an interaction matrix.
    /// - Parameters:
    ///   - ducker: the configuration of the session that may duck.
    ///   - ducked: the configuration of the session that may be ducked.
    /// - Returns: `true` when `ducked` is lowered while both are active.
    public func ducks(_ ducker: SessionConfiguration, _ ducked: SessionConfiguration) -> Bool {
        guard let matrix = interactionMatrix else { return ducker.ducksOthers && !ducked.ducksOthers }
        return matrix.ducks(matrix.role(of: ducker), matrix.role(of: ducked))
    }
}
