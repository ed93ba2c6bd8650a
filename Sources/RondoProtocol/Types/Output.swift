/// The params of `player.setVolume`: a new volume, or a change to the current one; exactly
/// one of the two.
public struct PlayerSetVolumeParams: Codable, Equatable, Sendable {
    /// The volume to set, 0 to 1 (linear: 0.5 is 6 dB lower than 1).
    public var volume: Double?
    /// A change to add to the current volume, −1 to 1; the sum is kept within 0 to 1.
    public var change: Double?

    /// Creates params.
    public init(volume: Double? = nil, change: Double? = nil) {
        self.volume = volume
        self.change = change
    }
}

/// The result of `player.volume` and `player.setVolume`.
public struct PlayerVolume: Codable, Equatable, Sendable {
    /// The listener's volume for the player, 0 to 1; the arbiter's duck multiplies it.
    public var volume: Double

    /// Creates the result.
    public init(volume: Double) { self.volume = volume }
}

/// One output device as `player.outputs` lists it.
public struct OutputInfo: Codable, Equatable, Sendable {
    /// The sink's name (what `player.setOutput` takes).
    public var name: String
    /// Its human-readable description.
    public var description: String
    /// Whether it is the audio server's default sink.
    public var isDefault: Bool
    /// Whether the player's music plays to it now.
    public var inUse: Bool

    /// Creates an entry.
    public init(name: String, description: String, isDefault: Bool, inUse: Bool) {
        self.name = name
        self.description = description
        self.isDefault = isDefault
        self.inUse = inUse
    }
}

/// The result of `player.outputs`.
public struct PlayerOutputs: Codable, Equatable, Sendable {
    /// The audio server's sinks, in the server's order (none when no server answers, or while
    /// the music goes to Snapcast), then the Snapcast server.
    public var outputs: [OutputInfo]
    /// The sink the player is pinned to (``PlayerSetOutputParams/snapcast`` for the Snapcast
    /// server), or absent when it follows the server's default.
    public var pinned: String?

    /// Creates the result.
    public init(outputs: [OutputInfo], pinned: String?) {
        self.outputs = outputs
        self.pinned = pinned
    }
}

/// The params of `player.setOutput`: the sink to pin the player to, the Snapcast server, or
/// none to follow the audio server's default sink again.
public struct PlayerSetOutputParams: Codable, Equatable, Sendable {
    /// The name that sends the music to the Snapcast server of `[snapcast] source`, every
    /// room in sync, instead of to a sink of the audio server (`rondo output snapcast`).
    public static let snapcast = "snapcast"

    /// A sink's name, ``snapcast``, or absent (`null`) for the audio server's default sink.
    public var sink: String?

    /// Creates params.
    public init(sink: String?) { self.sink = sink }
}
