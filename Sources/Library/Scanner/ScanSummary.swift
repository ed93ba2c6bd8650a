/// What a scan changed (`library.scan`'s result).
public struct ScanSummary: Equatable, Sendable {
    /// Tracks that were not in the library before (new files, and problem files now readable).
    public var added: Int
    /// Tracks whose file changed (or, in a full scan, every track read again).
    public var updated: Int
    /// Tracks that left the library: their file is gone or can no longer be read.
    public var removed: Int
    /// Files under the scanned path listed by `library.problems` after the scan.
    public var problems: Int

    /// Creates a summary.
    public init(added: Int = 0, updated: Int = 0, removed: Int = 0, problems: Int = 0) {
        self.added = added
        self.updated = updated
        self.removed = removed
        self.problems = problems
    }
}
