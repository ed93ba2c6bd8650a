import Focus
import Testing

@Suite struct SessionPredicateTests {
    /// A predicate matches when every given condition holds; the empty one matches all.
    @Test(arguments: [
        (SessionPredicate(), SessionConfiguration.music, true),
        (SessionPredicate(categories: [.record]), .recorder, true),
        (SessionPredicate(categories: [.record]), .music, false),
        (SessionPredicate(modes: [.spokenAudio, .voicePrompt]), .podcast, true),
        (SessionPredicate(modes: [.spokenAudio]), .navigation, false),
        (SessionPredicate(roles: [.voiceCommand]), .assistant, true),
        (SessionPredicate(roles: [.voiceCommand]), .music, false),
        (SessionPredicate(isCall: true), .videoCall, true),
        (SessionPredicate(isCall: false), .call, false),
        (SessionPredicate(isMixable: false), .music, true),
        (SessionPredicate(isMixable: false), .ambient, false),
        (SessionPredicate(categories: [.playback], isMixable: true), .ducker, true),
        (SessionPredicate(categories: [.playback], isMixable: true), .music, false),
    ])
    func matching(predicate: SessionPredicate, configuration: SessionConfiguration, matches: Bool) {
        #expect(predicate.matches(configuration) == matches)
    }

    /// The summary names the matching sessions for messages.
    @Test(arguments: [
        (SessionPredicate(), "sessions"),
        (SessionPredicate(isMixable: false), "non-mixable sessions"),
        (SessionPredicate(isCall: true), "sessions that are calls"),
        (SessionPredicate(roles: [.voicemail, .voiceCommand]), "sessions with role voiceCommand or voicemail"),
        (
            SessionPredicate(categories: [.playback], modes: [.default], isCall: false, isMixable: true),
            "mixable sessions that are not calls, in category playback and in mode default"
        ),
    ])
    func summary(predicate: SessionPredicate, text: String) {
        #expect(predicate.summary == text)
    }
}
