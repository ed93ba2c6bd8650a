/// One role rule of an interaction-matrix policy: a session that matches `when` and has no
/// role of the matrix's own arbitrates as `role`.
public struct RoleRule: Sendable, Equatable {
    /// The sessions the rule applies to; its `role` condition tests the role the session
    /// declared (such as `voicemail`).
    public var when: SessionPredicate
    /// The matrix role they arbitrate as.
    public var role: SessionRole

    /// A rule from its parts.
    /// - Parameters:
    ///   - when: the sessions the rule applies to.
    ///   - role: the matrix role they arbitrate as.
    public init(when: SessionPredicate, role: SessionRole) {
        self.when = when
        self.role = role
    }
}
