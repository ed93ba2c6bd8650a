import RondoProtocol
import RondoRouting
import RondoView

/// The head-unit view's way into the daemon: the socket's router and event hub, each HTTP
/// request or event stream counted as a connection of its own.
struct DaemonViewBackend: ViewBackend {
    let router: Router
    let hub: EventHub
    let sessions: SessionService
    let artworkDirectory: String

    func handle(request: [UInt8], connection: Int) async -> [UInt8]? {
        await router.handle(line: request, context: ConnectionContext(id: connection) { false })
    }

    func subscribe(connection: Int, topics: [String]) -> AsyncStream<[UInt8]> {
        let (lines, continuation) = AsyncStream.makeStream(
            of: [UInt8].self, bufferingPolicy: .bufferingOldest(EventHub.outboxCapacity))
        // A page that stops reading is dropped as a socket client is.
        hub.register(connection, outbox: continuation) { [hub] in hub.unregister(connection) }
        hub.subscribe(connection, to: topics.compactMap(EventTopic.init(rawValue:)))
        return lines
    }

    func close(connection: Int) {
        hub.unregister(connection)
        sessions.connectionClosed(connection)
    }
}
