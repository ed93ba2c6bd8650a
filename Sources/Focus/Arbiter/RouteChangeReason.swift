/// Why the output route of the active sessions changed.
public enum RouteChangeReason: String, Sendable, Codable {
    /// The sink the sessions played to disappeared; players should pause.
    case oldDeviceUnavailable
    /// A new sink appeared.
    case newDeviceAvailable
}
