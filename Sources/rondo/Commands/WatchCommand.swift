import Glibc
import RondoClient
import RondoProtocol

extension Command {
    /// `watch [TOPIC…]`.
    static let watch = Command(
        name: ["watch"], arguments: "[TOPIC…]",
        summary: "Print events as they happen (default: nowPlaying queue)."
    ) { global, arguments throws(CLIFailure) in
        var chosen: [EventTopic] = []
        for name in arguments.words {
            guard let topic = EventTopic(rawValue: name) else {
                throw CLIFailure.usage("unknown topic '\(name)'; topics: \(EventTopic.allCases.map(\.rawValue).joined(separator: " "))")
            }
            chosen.append(topic)
        }
        let client = try global.connect()
        do throws(ClientError) {
            _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: chosen.isEmpty ? [.nowPlaying, .queue] : chosen))
            while let event = try client.nextEvent(timeout: nil) {
                print(global.json ? event.line : describe(event))
                fflush(nil)
            }
        } catch {
            throw CLIFailure(error)
        }
    }

    private static func describe(_ event: RondoClient.Event) -> String {
        switch event.params {
        case .object(let members):
            let text = members.sorted { $0.key < $1.key }.compactMap { key, value -> String? in
                switch value {
                case .string(let string): "\(key)=\(string)"
                case .number(let number): "\(key)=\(number)"
                case .bool(let flag): "\(key)=\(flag)"
                case .object(let inner): inner["title"].flatMap { if case .string(let t) = $0 { "title=\(t)" } else { nil } }
                default: nil
                }
            }
            return ([event.method] + text).joined(separator: " ")
        default:
            return event.method
        }
    }
}
