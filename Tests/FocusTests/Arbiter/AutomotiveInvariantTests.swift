import Testing

@testable import Focus

@Suite struct AutomotiveInvariantTests {
    /// A sound state under the automotive policy: music interrupted by a call, and
    /// navigation joining the call and ducking it.
    private static func soundArbiter() -> Arbiter {
        var arbiter = Arbiter(policy: AutomotiveReference.policy, startedAt: 0)
        let sessions: [(SessionID, SessionRole)] = [("music", .music), ("call", .call), ("nav", .navigation)]
        for (id, role) in sessions {
            let configuration = SessionConfiguration.make(.playback, role: role)
            _ = arbiter.handle(.open(id, name: id.rawValue, owner: OwnerID(1), configuration: configuration), at: 0)
            _ = arbiter.handle(.activate(id), at: 0)
        }
        return arbiter
    }

    /// The matrix invariants pass a sound state and name each kind of corruption.
    @Test(arguments: [
        ("none", ""),
        ("pair", "music (music) and call (call) are both active"),
        ("ducking", "nav ducked state is wrong"),
        ("gain", "call gain 1.0 does not match state ducked"),
        ("style", "prompt style normal does not follow the rules"),
        ("causes", "nav has causes but is active"),
        ("cycle", "interruption causes form a cycle"),
    ])
    func corruptionIsFound(corruption: String, problem: String) throws {
        let arbiter = Self.soundArbiter()
        var state = arbiter.state
        let matrix = try #require(arbiter.policy.interactionMatrix)
        #expect(state.sessions.map(\.state) == [.interrupted, .ducked, .active])
        #expect(arbiter._invariantViolations().isEmpty)
        switch corruption {
        case "pair":
            state.sessions[0].interruptedBy = []
            state.sessions[0].activatedAt = 0
            state.sessions[0].silentSince = 0
            state.sessions[0].state = .ducked
            state.sessions[0].gain = 0.3
        case "ducking":
            state.sessions[2].state = .ducked
            state.sessions[2].gain = 0.3
        case "gain": state.sessions[1].gain = 1
        case "style": state.promptStyle = .normal
        case "causes": state.sessions[2].interruptedBy = ["music"]
        case "cycle":
            state.sessions[1].state = .interrupted
            state.sessions[1].gain = 1
            state.sessions[1].activatedAt = nil
            state.sessions[1].silentSince = nil
            state.sessions[1].interruptedBy = ["music"]
        default: break
        }
        let problems = state._matrixInvariantViolations(policy: arbiter.policy, matrix: matrix)
        if problem.isEmpty {
            #expect(problems.isEmpty)
        } else {
            #expect(problems.contains(problem), "\(problems)")
        }
    }

    /// A matrix policy's states are checked by the matrix's rules, not AVAudioSession's,
    /// through the arbiter and the state alike: two non-mixable sessions may be active together.
    @Test func matrixPolicyUsesMatrixRules() {
        let arbiter = Self.soundArbiter()
        #expect(arbiter._invariantViolations().isEmpty)
        #expect(arbiter.state._invariantViolations(policy: arbiter.policy).isEmpty)
    }
}
