/// A route change a sandbox can simulate with `sandbox.route`, for a scenario's
/// `route-lost` and `route-restored` steps.
public enum SandboxRouteChange: String, CheckedWireName {
    /// The output device went away (`route-lost`).
    case oldDeviceUnavailable
    /// An output device appeared (`route-restored`).
    case newDeviceAvailable

    /// `route change`.
    public static let wireNoun = "route change"
}
