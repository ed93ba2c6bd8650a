import Testing

@testable import Focus

@Suite struct FocusStateInvariantTests {
    /// A sound state with an active, a ducked and an interrupted session: music ducked by a
    /// ducker, and a podcast interrupted by the music.
    private static func soundState() -> FocusState {
        var arbiter = Arbiter(policy: .default, startedAt: 0)
        let sessions: [(SessionID, SessionConfiguration)] = [
            ("podcast", .podcast), ("music", .music), ("nav", .ducker),
        ]
        for (id, configuration) in sessions {
            _ = arbiter.handle(.open(id, name: id.rawValue, owner: OwnerID(1), configuration: configuration), at: 0)
            _ = arbiter.handle(.activate(id), at: 0)
        }
        return arbiter.state
    }

    /// The invariant check passes a sound state and names each kind of corruption (some
    /// corruptions break more than one rule).
    @Test(arguments: [
        ("none", ""),
        ("gain", "music gain 1.0 does not match state ducked"),
        ("causes", "nav has causes but is active"),
        ("selfCause", "podcast names itself or a closed session as a cause"),
        ("ducking", "nav ducked state is wrong"),
        ("activation", "podcast activation time does not match state interrupted"),
        ("silence", "music silence timing does not match its state and sound"),
        ("pair", "more than one active non-mixable session"),
        ("spoken", "podcast plays spoken audio while nav interrupts it"),
        ("style", "prompt style short does not follow the rules"),
        ("cycle", "interruption causes form a cycle"),
    ])
    func corruptionIsFound(corruption: String, problem: String) {
        var state = Self.soundState()
        #expect(state.sessions.map(\.state) == [.interrupted, .ducked, .active])
        switch corruption {
        case "gain": state.sessions[1].gain = 1
        case "causes": state.sessions[2].interruptedBy = ["music"]
        case "selfCause": state.sessions[0].interruptedBy = ["podcast"]
        case "ducking": state.sessions[2].state = .ducked
        case "activation": state.sessions[0].activatedAt = 1
        case "silence": state.sessions[1].silentSince = nil
        case "pair":
            state.sessions[0].interruptedBy = []
            state.sessions[0].activatedAt = 0
            state.sessions[0].silentSince = 0
            state.sessions[0].state = .ducked
            state.sessions[0].gain = 0.3
        case "spoken":
            state.sessions[2].configuration = .navigation
            state.sessions[0].configuration = .mixablePodcast
            state.sessions[0].state = .ducked
            state.sessions[0].gain = 0.3
            state.sessions[0].interruptedBy = []
            state.sessions[0].activatedAt = 0
            state.sessions[0].silentSince = 0
        case "style": state.promptStyle = .short
        case "cycle":
            state.sessions[1].state = .interrupted
            state.sessions[1].gain = 1
            state.sessions[1].activatedAt = nil
            state.sessions[1].silentSince = nil
            state.sessions[1].interruptedBy = ["podcast"]
        default: break
        }
        let problems = state._invariantViolations(policy: .default)
        if problem.isEmpty {
            #expect(problems.isEmpty)
        } else {
            #expect(problems.contains(problem), "\(problems)")
        }
    }
}
