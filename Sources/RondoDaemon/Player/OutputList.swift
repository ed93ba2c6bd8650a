/// The player's outputs as every front end lists them: the audio server's sinks, then the
/// Snapcast server, with the one in use and the one pinned.
struct OutputList: Sendable, Equatable {
    /// One output.
    struct Output: Sendable, Equatable {
        /// The sink's name, or ``OutputChoice/snapcastName`` for the Snapcast server.
        var name: String
        /// What a person reads.
        var description: String
        /// Whether it is the audio server's default sink.
        var isDefault: Bool
        /// Whether the music plays there now.
        var inUse: Bool
    }

    /// Every output, the Snapcast server last.
    var outputs: [Output]
    /// The sink the listener pinned, or the Snapcast server; `nil` when the music follows
    /// the server's default.
    var pinned: String?
}

/// Where the listener sends the music.
enum OutputChoice: Sendable, Equatable {
    /// Wherever the audio server's default sink is, following it when it changes.
    case serverDefault
    /// A sink of the audio server, by name.
    case sink(String)
    /// The Snapcast server, every room.
    case snapcast

    /// The name the Snapcast server is listed and saved under.
    static let snapcastName = "snapcast"

    /// The choice a saved or listed name stands for (`nil`: the server's default).
    init(name: String?) {
        switch name {
        case nil: self = .serverDefault
        case Self.snapcastName?: self = .snapcast
        case let sink?: self = .sink(sink)
        }
    }

    /// The sink it pins, if it pins one.
    var sink: String? {
        if case .sink(let name) = self { name } else { nil }
    }
}

/// Why the player's output changed, as `route.changed` tells it.
enum RouteChange: Sendable, Equatable {
    /// The listener chose another output.
    case override
    /// The audio server (or the Snapcast server played to) went away.
    case audioServerLost
    /// It answers again.
    case audioServerRestored
}

/// A change of the listener's volume.
enum VolumeChange: Sendable, Equatable {
    /// To this level, 0 to 1.
    case to(Double)
    /// Up or down by this much, −1 to 1.
    case by(Double)
}
