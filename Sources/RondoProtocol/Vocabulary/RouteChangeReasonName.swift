/// Why the output route changed, the `reason` of a `route.changed` event (SPEC §2, §5).
public enum RouteChangeReasonName: String, WireName {
    /// The sink the sessions played to disappeared; players pause.
    case oldDeviceUnavailable
    /// A new sink appeared.
    case newDeviceAvailable
    /// The audio server went away; players pause and wait for it.
    case audioServerLost
    /// The audio server answers again after it was lost.
    case audioServerRestored
    /// The player's output moved to a device that was chosen.
    case override
}
