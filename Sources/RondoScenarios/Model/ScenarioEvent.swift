public import Focus

/// Something a step caused beyond the action itself, as a scenario's `events` list writes it
/// (SPEC §8).
///
/// Each case's ``description`` is the line a scenario file and a report use:
/// `podcast interruption began reason=default`, `podcast interruption ended shouldResume=true`,
/// `podcast activated`, `podcast deactivated`, `music gain 0.3`, `promptStyle short`,
/// `nav advisory`, `route changed reason=oldDeviceUnavailable`. A gain is written as the
/// shortest decimal of the value rounded to three places (`0.3`, `0.25`, `1`), and gains
/// compare within ±0.01 (``matches(_:)``).
public enum ScenarioEvent: Equatable, Sendable, CustomStringConvertible {
    /// The session's interruption began: its owner was told to stop.
    case interruptionBegan(String, reason: InterruptionReason)
    /// The session's interruption ended; it is inactive and may resume if `shouldResume`.
    case interruptionEnded(String, shouldResume: Bool)
    /// The session activated again by itself (an `autoResume` session on `shouldResume`).
    case activated(String)
    /// The session was deactivated by something other than the step's own action.
    case deactivated(String)
    /// The gain of the session's streams changed (ducked, or back to 1).
    case gain(String, Double)
    /// Voice prompts should now sound this way.
    case promptStyle(PromptStyle)
    /// The session got an advisory (`session.advisory`).
    case advisory(String)
    /// The output route of the active sessions changed; told once, and only when a session
    /// is active.
    case routeChanged(RouteChangeReason)

    /// How far apart two gains may be and still match.
    public static let gainTolerance = 0.01

    /// Whether `other` is the same event, gains compared within ``gainTolerance``.
    /// - Parameter other: the event to compare with.
    /// - Returns: `true` when they match.
    public func matches(_ other: ScenarioEvent) -> Bool {
        guard case .gain(let name, let gain) = self, case .gain(let otherName, let otherGain) = other else {
            return self == other
        }
        return name == otherName && Self.gain(gain, matches: otherGain)
    }

    /// Whether two gains are within ``gainTolerance`` of each other.
    /// - Parameters:
    ///   - gain: one gain.
    ///   - other: the other gain.
    /// - Returns: `true` when they match.
    public static func gain(_ gain: Double, matches other: Double) -> Bool {
        // The slack keeps decimal differences such as 0.31 - 0.3 (0.010000000000000009) inside.
        abs(gain - other) <= gainTolerance + 1e-9
    }

    /// The event as an `events` line.
    public var description: String {
        switch self {
        case .interruptionBegan(let name, let reason): "\(name) interruption began reason=\(reason.rawValue)"
        case .interruptionEnded(let name, let shouldResume): "\(name) interruption ended shouldResume=\(shouldResume)"
        case .activated(let name): "\(name) activated"
        case .deactivated(let name): "\(name) deactivated"
        case .gain(let name, let gain): "\(name) gain \(Self.number(gain))"
        case .promptStyle(let style): "promptStyle \(style.rawValue)"
        case .advisory(let name): "\(name) advisory"
        case .routeChanged(let reason): "route changed reason=\(reason.rawValue)"
        }
    }

    /// `value` rounded to three decimal places, written without a trailing `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        guard rounded == rounded.rounded(), abs(rounded) < 1e15 else { return String(rounded) }
        return String(Int(rounded))
    }
}
