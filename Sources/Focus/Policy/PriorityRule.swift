/// One priority rule: while a session of class `name` (matching `holder`) is active, no
/// other session matching `blocked` may become active; trying fails with
/// `insufficientPriority`.
public struct PriorityRule: Sendable, Equatable {
    /// The class of the sessions that hold priority, for messages (`call`).
    public var name: String
    /// The sessions that hold priority while active.
    public var holder: SessionPredicate
    /// The sessions that may not become active meanwhile.
    public var blocked: SessionPredicate

    /// A rule from its parts.
    /// - Parameters:
    ///   - name: the class of the sessions that hold priority.
    ///   - holder: the sessions that hold priority while active.
    ///   - blocked: the sessions that may not become active meanwhile.
    public init(name: String, holder: SessionPredicate, blocked: SessionPredicate) {
        self.name = name
        self.holder = holder
        self.blocked = blocked
    }
}
