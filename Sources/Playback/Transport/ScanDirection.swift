/// Which way a held `seekForward`/`seekBackward` scans media time.
public enum ScanDirection: String, Sendable, CaseIterable {
    /// Media time advances at ``Player/scanRate``.
    case forward
    /// Media time runs back at ``Player/scanRate``, stopping at 0.
    case backward

    /// The signed rate media time moves at while scanning this way.
    public var rate: Double { self == .forward ? Player.scanRate : -Player.scanRate }
}
