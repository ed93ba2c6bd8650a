/// The player's outputs as every front end lists them: the audio server's sinks, then the
/// Snapcast server, with the one in use and the one pinned.
public struct OutputList: Sendable, Equatable {
    /// One output.
    public struct Output: Sendable, Equatable {
        /// The sink's name, or ``OutputChoice/snapcastName`` for the Snapcast server.
        public var name: String
        /// What a person reads.
        public var description: String
        /// Whether it is the audio server's default sink.
        public var isDefault: Bool
        /// Whether the music plays there now.
        public var inUse: Bool

        public init(name: String, description: String, isDefault: Bool, inUse: Bool) {
            self.name = name
            self.description = description
            self.isDefault = isDefault
            self.inUse = inUse
        }
    }

    /// Every output, the Snapcast server last.
    public var outputs: [Output]
    /// The sink the listener pinned, or the Snapcast server; `nil` when the music follows
    /// the server's default.
    public var pinned: String?

    public init(outputs: [Output], pinned: String?) {
        self.outputs = outputs
        self.pinned = pinned
    }
}

/// Where the listener sends the music.
public enum OutputChoice: Sendable, Equatable {
    /// Wherever the audio server's default sink is, following it when it changes.
    case serverDefault
    /// A sink of the audio server, by name.
    case sink(String)
    /// The Snapcast server, every room.
    case snapcast

    /// The name the Snapcast server is listed and saved under.
    public static let snapcastName = "snapcast"

    /// The choice a saved or listed name stands for (`nil`: the server's default).
    public init(name: String?) {
        switch name {
        case nil: self = .serverDefault
        case Self.snapcastName?: self = .snapcast
        case let sink?: self = .sink(sink)
        }
    }

    /// The sink it pins, if it pins one.
    public var sink: String? {
        if case .sink(let name) = self { name } else { nil }
    }
}

/// Why the player's output changed, as `route.changed` tells it.
public enum RouteChange: Sendable, Equatable {
    /// The listener chose another output.
    case override
    /// The audio server (or the Snapcast server played to) went away.
    case audioServerLost
    /// It answers again.
    case audioServerRestored
}

/// A change of the listener's volume.
public enum VolumeChange: Sendable, Equatable {
    /// To this level, 0 to 1.
    case to(Double)
    /// Up or down by this much, −1 to 1.
    case by(Double)
}
