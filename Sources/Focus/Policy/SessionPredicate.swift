import TOMLReading

/// A test of a session's configuration, used by the policy's rules.
///
/// Every given condition must hold; a condition left `nil` holds for every session, so the
/// empty predicate matches all. A set condition holds when the session's value is in it.
public struct SessionPredicate: Sendable, Equatable {
    /// The categories that match, or `nil` for any.
    public var categories: Set<SessionCategory>?
    /// The modes that match, or `nil` for any.
    public var modes: Set<SessionMode>?
    /// The roles that match, or `nil` for any (including none).
    public var roles: Set<SessionRole>?
    /// Whether the session must be a call (`true`) or must not (`false`), or `nil` for either.
    public var isCall: Bool?
    /// Whether the session must be mixable (`true`) or must not (`false`), or `nil` for either.
    public var isMixable: Bool?

    /// A predicate from its conditions; all `nil` matches every session.
    /// - Parameters:
    ///   - categories: the categories that match.
    ///   - modes: the modes that match.
    ///   - roles: the roles that match.
    ///   - isCall: whether the session must be a call.
    ///   - isMixable: whether the session must be mixable.
    public init(
        categories: Set<SessionCategory>? = nil, modes: Set<SessionMode>? = nil, roles: Set<SessionRole>? = nil,
        isCall: Bool? = nil, isMixable: Bool? = nil
    ) {
        self.categories = categories
        self.modes = modes
        self.roles = roles
        self.isCall = isCall
        self.isMixable = isMixable
    }

    /// Whether `configuration` meets every condition.
    /// - Parameter configuration: the session's configuration.
    /// - Returns: `true` when it matches.
    public func matches(_ configuration: SessionConfiguration) -> Bool {
        matches(configuration, as: configuration.role)
    }

    /// Whether `configuration`, taken to have role `role` in place of its own, meets every
    /// condition: how rules test sessions by the role an interaction matrix gives them.
    func matches(_ configuration: SessionConfiguration, as role: SessionRole?) -> Bool {
        if let categories, !categories.contains(configuration.category) { return false }
        if let modes, !modes.contains(configuration.mode) { return false }
        if let roles, !roles.contains(where: { $0 == role }) { return false }
        if let isCall, configuration.isCall != isCall { return false }
        if let isMixable, configuration.isMixable != isMixable { return false }
        return true
    }

    /// The matching sessions in words, for messages: `non-mixable sessions`,
    /// `sessions with role voiceCommand or voicemail`.
    public var summary: String {
        var adjectives: [String] = []
        if let isMixable { adjectives.append(isMixable ? "mixable" : "non-mixable") }
        var conditions: [String] = []
        if let isCall { conditions.append(isCall ? "that are calls" : "that are not calls") }
        if let categories { conditions.append("in category " + Self.names(categories)) }
        if let modes { conditions.append("in mode " + Self.names(modes)) }
        if let roles { conditions.append("with role " + Self.names(roles)) }
        return (adjectives + ["sessions"] + [conditions.listed(joinedBy: "and")]).filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    private static func names<Value: CaseIterable & RawRepresentable & Hashable>(_ values: Set<Value>) -> String
    where Value.RawValue == String {
        Value.allCases.filter(values.contains).map(\.rawValue).listed(joinedBy: "or")
    }
}
