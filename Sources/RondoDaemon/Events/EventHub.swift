import Playback
import PlaybackWire
import RondoProtocol
import Synchronization

/// Fans the daemon's changes out to its in-process front ends and, as events, to the
/// connections that subscribed to their topic.
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
    private let observers = Mutex<[@Sendable (DaemonChange) -> Void]>([])
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

    /// Adds an in-process front end (MPRIS, MPD's `idle`) that sees every change as it is
    /// published, on the publisher's task; it must not block.
    func observe(_ observer: @escaping @Sendable (DaemonChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Tells every observer of `change`, then sends its event to every connection subscribed
    /// to the event's topic.
    func publish(_ change: DaemonChange) {
        for observer in observers.withLock({ $0 }) { observer(change) }
        switch change {
        case .nowPlaying(let state): send(Events.NowPlayingChanged.self, NowPlayingState(state))
        case .queue(let index, let count): send(Events.QueueChangedEvent.self, QueueChanged(index: index, count: count))
        case .commands(let commands): send(Events.RemoteChangedEvent.self, RemoteChanged(commands: commands.map(RemoteCommandInfo.init)))
        case .playerRoute(let change, let previous, let sink):
            send(Events.RouteChangedEvent.self, RouteChanged(reason: RouteChangeReasonName(change), previousSink: previous, sink: sink))
        case .route(let route): send(Events.RouteChangedEvent.self, route)
        case .library(let result): send(Events.LibraryChangedEvent.self, result)
        case .libraryScanning(let progress): send(Events.LibraryScanProgressEvent.self, progress)
        case .podcastRefreshed(let refreshed): send(Events.PodcastRefreshedEvent.self, refreshed)
        case .contentLimits(let limits): send(Events.ContextChangedEvent.self, limits)
        case .session(let session): send(Events.SessionChangedEvent.self, session)
        case .sessionGain(let gain): send(Events.SessionGainEvent.self, gain)
        case .interruption(let interruption): send(Events.SessionInterruptionEvent.self, interruption)
        case .promptStyle(let style): send(Events.SessionPromptStyleEvent.self, style)
        case .advisory(let advisory): send(Events.SessionAdvisoryEvent.self, advisory)
        }
    }

    /// Sends an event to every connection subscribed to its topic.
    private func send<E: RPCEvent>(_ event: E.Type, _ params: E.Params) {
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
