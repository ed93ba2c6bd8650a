import RondoProtocol
import Synchronization

/// Fans events out to the connections that subscribed to their topic.
///
/// Ownership: the subscriber table is guarded by its mutex; any task may publish. Each
/// connection has a bounded outbox; a connection whose outbox is full (it does not read
/// its events) is closed, so no client can make the daemon buffer without bound.
final class EventHub: Sendable {
    /// How many undelivered events a connection may have before it is dropped.
    static let outboxCapacity = 1024

    private struct Subscriber {
        var topics: Set<EventTopic> = []
        let outbox: any EventOutbox
        let close: @Sendable () -> Void
    }

    private let subscribers = Mutex<[Int: Subscriber]>([:])
    private let observers = Mutex<[@Sendable (any Sendable) -> Void]>([])
    private let codec = JSONRPCCodec()

    /// Registers a connection with its outbox and a way to close it.
    func register(_ connection: Int, outbox: any EventOutbox, close: @escaping @Sendable () -> Void) {
        subscribers.withLock { $0[connection] = Subscriber(outbox: outbox, close: close) }
    }

    /// Forgets a connection.
    func unregister(_ connection: Int) {
        let removed = subscribers.withLock { $0.removeValue(forKey: connection) }
        removed?.outbox.finish()
    }

    /// Adds topics to a connection's subscription.
    func subscribe(_ connection: Int, to topics: [EventTopic]) {
        subscribers.withLock { $0[connection]?.topics.formUnion(topics) }
    }

    /// Adds an in-process front end (MPRIS) that sees every event's params as they are
    /// published, on the publisher's task; it must not block.
    func observe(_ observer: @escaping @Sendable (any Sendable) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Sends an event to every connection subscribed to its topic, and to every observer.
    func publish<E: RPCEvent>(_ event: E.Type, _ params: E.Params) {
        for observer in observers.withLock({ $0 }) { observer(params) }
        let targets = subscribers.withLock { table in
            table.filter { $0.value.topics.contains(E.topic) }.map(\.value)
        }
        guard !targets.isEmpty else { return }
        let line = codec.encodeLine(Envelope.Notification(method: E.name, params: params))
        for target in targets where !target.outbox.deliver(line) { target.close() }
    }
}

/// Where a connection's events go: its socket, or a stream the head-unit view reads.
protocol EventOutbox: Sendable {
    /// Queues an event line; `false` when the reader holds ``EventHub/outboxCapacity``
    /// lines it has not taken (it does not read its events).
    func deliver(_ line: [UInt8]) -> Bool
    /// Ends the events: the connection is forgotten.
    func finish()
}

extension AsyncStream<[UInt8]>.Continuation: EventOutbox {
    /// Yields the line unless the stream's buffer is full.
    func deliver(_ line: [UInt8]) -> Bool {
        if case .dropped = yield(line) { return false }
        return true
    }
}
