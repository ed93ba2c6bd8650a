/// The event topics a connection can subscribe to (SPEC §2).
public enum EventTopic: String, WireName {
    case nowPlaying, queue, remote, session, route, context, library
}

/// The params of `events.subscribe`.
public struct SubscribeParams: Codable, Equatable, Sendable {
    public var topics: [EventTopic]

    /// Creates params.
    public init(topics: [EventTopic]) { self.topics = topics }
}
