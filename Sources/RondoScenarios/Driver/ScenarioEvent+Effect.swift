public import Focus

extension ScenarioEvent {
    /// The event a session's owner experiences from `effect`, or `nil` for a refusal, which
    /// is the request's error rather than an event.
    /// - Parameter effect: an effect of the arbiter.
    public init?(_ effect: FocusEffect) {
        switch effect {
        case .interrupt(let id, let reason): self = .interruptionBegan(id.rawValue, reason: reason)
        case .endInterruption(let id, let shouldResume):
            self = .interruptionEnded(id.rawValue, shouldResume: shouldResume)
        case .duck(let id, let gain, _): self = .gain(id.rawValue, gain)
        case .unduck(let id, _): self = .gain(id.rawValue, 1)
        case .promptStyleChanged(let style): self = .promptStyle(style)
        case .advisory(let id, _): self = .advisory(id.rawValue)
        case .routeChanged(let reason, _): self = .routeChanged(reason)
        case .reject: return nil
        }
    }
}
