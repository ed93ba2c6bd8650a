/// Why the output route of the active sessions changed.
public enum RouteChangeReason: String, Sendable, Codable {
    /// The sink the sessions played to disappeared; players should pause.
    case oldDeviceUnavailable
    /// A new sink appeared.
    case newDeviceAvailable
    /// The audio server (PulseAudio, PipeWire's pulse server) went away; players pause and
    /// wait for it (as `AVAudioSessionMediaServicesWereLost`).
    case audioServerLost
    /// The audio server answers again after it was lost.
    case audioServerRestored
    /// The player's output moved to another device that was chosen: with `rondo output`,
    /// or by the user changing the server's default sink, which the player follows.
    case override

    /// Whether the route was lost (players pause), rather than gained.
    public var isLoss: Bool {
        switch self {
        case .oldDeviceUnavailable, .audioServerLost: true
        case .newDeviceAvailable, .audioServerRestored, .override: false
        }
    }
}
