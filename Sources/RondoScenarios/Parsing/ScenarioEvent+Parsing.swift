import Focus
import TOMLReading

extension ScenarioEvent {
    /// The forms an `events` line may take, for messages.
    static let forms = [
        "NAME interruption began reason=default", "NAME interruption ended shouldResume=true|false",
        "NAME activated", "NAME deactivated", "NAME gain G", "NAME advisory", "promptStyle S",
        "route changed reason=R",
    ]

    /// Reads an `events` line.
    /// - Parameters:
    ///   - text: the line, words separated by spaces.
    ///   - known: the sessions declared or opened so far.
    /// - Throws: a problem naming what is unknown and the forms to use.
    init(parsing text: String, known: [String]) throws(ScenarioProblem) {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.count {
        case 2 where words[0] == "promptStyle":
            self = .promptStyle(try ScenarioAction.named(words[1], noun: "prompt style"))
        case 3 where words[0] == "route" && words[1] == "changed":
            let reason = try Self.value(of: "reason", in: words[2])
            guard let reason = RouteChangeReason(rawValue: reason) else {
                throw ScenarioProblem(
                    "unknown route change reason \"\(reason)\"; use oldDeviceUnavailable or newDeviceAvailable")
            }
            self = .routeChanged(reason)
        case 2, 3, 4:
            let name = words[0]
            guard known.contains(name) else { throw .unknownSession(name, known: known) }
            self = try Self.sessionEvent(name, Array(words.dropFirst()), text: text)
        default:
            throw Self.unknown(text)
        }
    }

    private static func sessionEvent(_ name: String, _ words: [String], text: String) throws(ScenarioProblem) -> Self {
        switch words.first {
        case "activated" where words.count == 1: return .activated(name)
        case "deactivated" where words.count == 1: return .deactivated(name)
        case "advisory" where words.count == 1: return .advisory(name)
        case "gain" where words.count == 2:
            guard let gain = Double(words[1]), gain.isFinite else {
                throw ScenarioProblem("gain in \"\(text)\" must be a number, such as 0.3 or 1")
            }
            return .gain(name, gain)
        case "interruption" where words.count == 3 && words[1] == "began":
            let reason = try value(of: "reason", in: words[2])
            guard let reason = InterruptionReason(rawValue: reason) else {
                throw ScenarioProblem("unknown interruption reason \"\(reason)\"; use default")
            }
            return .interruptionBegan(name, reason: reason)
        case "interruption" where words.count == 3 && words[1] == "ended":
            switch try value(of: "shouldResume", in: words[2]) {
            case "true": return .interruptionEnded(name, shouldResume: true)
            case "false": return .interruptionEnded(name, shouldResume: false)
            default: throw ScenarioProblem("shouldResume in \"\(text)\" must be true or false")
            }
        default:
            throw unknown(text)
        }
    }

    /// The value of `word` written as `key=VALUE`.
    private static func value(of key: String, in word: String) throws(ScenarioProblem) -> String {
        guard word.hasPrefix(key + "=") else { throw ScenarioProblem("expected \(key)=… instead of \"\(word)\"") }
        return String(word.dropFirst(key.count + 1))
    }

    private static func unknown(_ text: String) -> ScenarioProblem {
        ScenarioProblem("unknown event \"\(text)\"; write \(forms.listed(joinedBy: "or"))")
    }
}
