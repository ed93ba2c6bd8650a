/// Every closed set of names the wire carries, once: the spellings SPEC.md fixes live in
/// these enums and nowhere else in the sources.
public enum WireVocabulary {
    /// Every set, by the order of SPEC.md's sections.
    public static let all: [any WireName.Type] = [
        ErrorCode.self, EventTopic.self, RemoteCommandName.self, RemoteCommandStatus.self,
        CommandFailureReasonName.self, SeekCommandPhase.self, RepeatTypeName.self, ShuffleTypeName.self,
        PlaybackStateName.self, MediaTypeName.self, SessionCategoryName.self, SessionModeName.self,
        SessionOptionName.self, SessionRoleName.self, SessionStateName.self, PromptStyleName.self,
        PromptPlayedName.self, InterruptionTypeName.self, InterruptionReasonName.self,
        RouteChangeReasonName.self, SandboxRouteChange.self, ReplayGainModeName.self,
    ]
}
