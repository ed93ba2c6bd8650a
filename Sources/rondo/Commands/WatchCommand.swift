import ArgumentParser
import Glibc
import RondoClient
import RondoProtocol

/// `rondo watch [TOPIC…]`.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print events as they happen (topics: \(EventTopic.allCases.map(\.rawValue).joined(separator: ", "))).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Topics to watch (default: nowPlaying queue).") var topics: [String] = []

    func run() throws {
        var chosen: [EventTopic] = []
        for name in topics {
            guard let topic = EventTopic(rawValue: name) else {
                throw CLIFailure.usage("unknown topic '\(name)'; topics: \(EventTopic.allCases.map(\.rawValue).joined(separator: " "))")
            }
            chosen.append(topic)
        }
        let client = try global.connect()
        do {
            _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: chosen.isEmpty ? [.nowPlaying, .queue] : chosen))
            while let event = try client.nextEvent(timeout: nil) {
                print(global.json ? event.line : describe(event))
                fflush(nil)
            }
        } catch {
            throw CLIFailure(error)
        }
    }

    private func describe(_ event: RondoClient.Event) -> String {
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
