import Focus
import RondoTesting
import Testing

/// A policy to walk under, with the session configurations its walks draw from.
struct WalkedPolicy: Sendable, CustomTestStringConvertible {
    let name: String
    let policy: FocusPolicy
    let palette: [SessionConfiguration]

    var testDescription: String { name }

    /// Music comes three times, for enough music over music.
    static let audioSession = WalkedPolicy(
        name: "default", policy: .default,
        palette: [
            .music, .music, .music, .podcast, .mixablePodcast, .navigation, .spokenInterrupter, .ducker, .mixer,
            .ambient, .soloAmbient, .movie, .call, .videoCall, .recorder, .assistant, .voicemail,
        ])

    /// A session of every role, music twice for enough music over music, and sessions
    /// without a role that the policy maps by category and mode.
    static let automotive = WalkedPolicy(
        name: "automotive", policy: AutomotiveReference.policy,
        palette: SessionRole.allCases.map { .make(.playback, role: $0) } + [
            .make(.playback, role: .music), .music, .podcast, .navigation, .call, .recorder, .ambient, .assistant,
            .make(.playAndRecord), .movie,
        ])
}

/// Drives an arbiter with seeded random events over six session identities and checks,
/// after each, the invariants and that the effects say exactly what changed.
private struct RandomWalk {
    static let ids: [SessionID] = ["s0", "s1", "s2", "s3", "s4", "s5"]

    let palette: [SessionConfiguration]
    var random: SplitMix64
    var rig: FocusRig
    var tally: [String: Int] = [:]

    init(seed: UInt64, under walked: WalkedPolicy) {
        random = SplitMix64(seed: seed)
        palette = walked.palette
        rig = FocusRig(policy: walked.policy, startedAt: 0, now: 0)
    }

    mutating func run(steps: Int) {
        for step in 0..<steps {
            rig.now += [0, 0, 0.5, 1, 2.5].randomElement(using: &random)!
            let event = nextEvent()
            let before = rig.state
            let effects = rig.send(event)
            let problems = EffectAudit(before: before, after: rig.state, event: event, effects: effects).problems
            #expect(problems.isEmpty, "step \(step) \(event): \(problems) in \(effects)")
            for effect in effects { tally[Self.kind(of: effect), default: 0] += 1 }
            checkAdvisoryDue(step: step)
        }
    }

    /// The arbiter's ``Arbiter/nextAdvisoryDue`` is exact: a tick just before it sends no
    /// advisory, one just after sends one, and with none due even an hour's wait sends none.
    private func checkAdvisoryDue(step: Int) {
        func advisories(tickingAt time: Double) -> Int {
            var probe = rig.arbiter
            return probe.handle(.tick, at: time).filter { if case .advisory = $0 { true } else { false } }.count
        }
        guard let due = rig.arbiter.nextAdvisoryDue else {
            #expect(advisories(tickingAt: rig.now + 3600) == 0, "step \(step): an advisory came with none due")
            return
        }
        #expect(due >= rig.now, "step \(step): an advisory was due at \(due), before now (\(rig.now)), and not sent")
        #expect(advisories(tickingAt: max(rig.now, due - 1e-6)) == 0, "step \(step): an advisory came before \(due)")
        #expect(advisories(tickingAt: due + 1e-6) > 0, "step \(step): no advisory came just after \(due)")
    }

    private mutating func nextEvent() -> FocusEvent {
        let openIDs = rig.state.sessions.map(\.id)
        let closedIDs = Self.ids.filter { !openIDs.contains($0) }
        let configuration = palette.randomElement(using: &random)!
        let roll = Int.random(in: 0..<100, using: &random)
        let owner = OwnerID(Int.random(in: 0...2, using: &random))
        if roll < 2, let id = openIDs.randomElement(using: &random) {
            return .open(id, name: id.rawValue, owner: owner, configuration: configuration)
        }
        if roll < 15 || openIDs.isEmpty, let id = closedIDs.randomElement(using: &random) {
            return .open(id, name: id.rawValue, owner: owner, configuration: configuration)
        }
        let id = (15..<17).contains(roll) ? "ghost" : openIDs.randomElement(using: &random)!
        switch roll {
        case 17..<45: return .activate(id)
        case 45..<63: return .deactivate(id, notifyOthers: Int.random(in: 0..<4, using: &random) > 0)
        case 63..<69: return .configure(id, configuration)
        case 69..<73: return .close(id)
        case 73..<74: return .ownerGone(owner)
        case 74..<81: return .soundStarted(id)
        case 81..<89: return .soundStopped(id)
        case 89..<92: return .routeLost(sink: nil)
        case 92..<94: return .routeRestored(sink: "sink")
        default: return roll < 17 ? .activate(id) : .tick
        }
    }

    private static func kind(of effect: FocusEffect) -> String {
        switch effect {
        case .duck: "duck"
        case .unduck: "unduck"
        case .interrupt: "interrupt"
        case .endInterruption(_, let resume): "ended resume=\(resume)"
        case .reject(let error): "reject \(error.code)"
        case .promptStyleChanged(let style): "style \(style)"
        case .advisory: "advisory"
        case .routeChanged: "route"
        }
    }
}

@Suite struct RandomWalkTests {
    /// Thousands of seeded random events, under each kind of policy, keep every invariant,
    /// each event's effects list exactly the interruptions, ends, gain and style changes that
    /// happened, and together they produce every kind of effect.
    @Test(arguments: [WalkedPolicy.audioSession, .automotive])
    func randomEvents(under walked: WalkedPolicy) {
        var tally: [String: Int] = [:]
        for seed in 0..<8 as Range<UInt64> {
            var walk = RandomWalk(seed: seed, under: walked)
            walk.run(steps: 600)
            tally.merge(walk.tally, uniquingKeysWith: +)
        }
        let expected = [
            "duck", "unduck", "interrupt", "ended resume=true", "ended resume=false", "reject noSuchSession",
            "reject badParam", "reject insufficientPriority", "reject isBusy", "advisory", "route", "style none",
            "style short", "style normal",
        ]
        for kind in expected { #expect(tally[kind, default: 0] > 0, "never produced \(kind): \(tally)") }
    }
}
