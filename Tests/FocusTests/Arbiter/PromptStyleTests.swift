import Focus
import Testing

@Suite struct PromptStyleTests {
    /// The prompt style follows the first matching rule over the active sessions.
    @Test(arguments: [
        ([SessionConfiguration](), PromptStyle.normal),
        ([.music], .normal),
        ([.recorder], .none),
        ([.call], .short),
        ([.videoCall], .short),
        ([.assistant], .short),
        ([.voicemail], .short),
        ([.make(.playback, .default, [.mixWithOthers], role: .navigation)], .normal),
        ([.make(.playAndRecord, .voiceChat, [.mixWithOthers]), .make(.record, .measurement)], .none),
        ([.make(.record, .videoChat), .assistant], .none),
        ([.make(.playAndRecord, .default, [.mixWithOthers], role: .voicemail), .ambient], .short),
    ])
    func styleForActiveSessions(active: [SessionConfiguration], style: PromptStyle) {
        #expect(FocusPolicy.default.promptStyle(for: active) == style)
    }

    /// Every change of prompt style is announced once, and only changes are.
    @Test func changesAreAnnounced() {
        var rig = FocusRig()
        rig.open([("siri", .assistant), ("mic", .recorder), ("mail", .voicemail)])
        #expect(rig.activate("siri") == [.promptStyleChanged(.short)])
        #expect(rig.state.promptStyle == .short)
        #expect(rig.activate("mic") == [.duck("mic", to: 0.3, rampMilliseconds: 50), .promptStyleChanged(.none)])
        #expect(rig.deactivate("siri") == [.unduck("mic", rampMilliseconds: 50)])
        #expect(rig.state.promptStyle == .none)
        #expect(rig.activate("mail") == [.interrupt("mic", reason: .default), .promptStyleChanged(.short)])
        #expect(rig.deactivate("mail") == [.endInterruption("mic", shouldResume: true), .promptStyleChanged(.normal)])
    }

    /// An interrupted session does not count towards the prompt style.
    @Test func interruptedSessionsDoNotCount() {
        var rig = FocusRig()
        rig.open([("mail", .voicemail), ("nav", .navigation)])
        rig.activate("mail")
        #expect(rig.state.promptStyle == .short)
        #expect(rig.activate("nav") == [.interrupt("mail", reason: .default), .promptStyleChanged(.normal)])
    }

    /// Prompt-style rules are data: first match wins, and the fallback applies otherwise.
    @Test func customRules() {
        let policy = FocusPolicy(
            promptStyleRules: [
                PromptStyleRule(when: SessionPredicate(modes: [.voicePrompt]), style: .normal),
                PromptStyleRule(when: SessionPredicate(categories: [.playback]), style: .short),
            ],
            fallbackPromptStyle: .none
        )
        #expect(policy.promptStyle(for: []) == .none)
        #expect(policy.promptStyle(for: [.music]) == .short)
        #expect(policy.promptStyle(for: [.music, .navigation]) == .normal)
        #expect(FocusState(policy: policy, startedAt: 0).promptStyle == .none)
    }
}
