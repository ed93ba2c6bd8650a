extension PlaybackEngine {
    /// Which way a CD-like scan (``PlaybackEngine/scan(_:)``) moves through the media.
    public enum ScanDirection: Equatable, Sendable {
        /// Towards the end: the heard position advances at ``PlaybackEngine/scanSpeed``.
        case forward
        /// Towards the start: the heard position moves back at ``PlaybackEngine/scanSpeed``,
        /// and holds, silent, once it reaches the start.
        case backward
    }
}
