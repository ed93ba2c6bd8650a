/// How far a scan is: files dealt with so far out of the files found (`library.scanProgress`).
public struct ScanProgress: Equatable, Sendable {
    /// Audio and playlist files read, or found unchanged, so far.
    public var done: Int
    /// Audio and playlist files found under the scanned path.
    public var total: Int

    /// Creates a progress report.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }
}
