/// The content-limits context (SPEC §6): what a car head unit lets a driver browse.
///
/// While ``enforced``, ``BrowseTree/children(of:offset:limit:limits:)`` returns at most
/// ``itemLimit`` items, and no item is reachable whose index path has more than ``depthLimit``
/// components: the root's items are level 1, so the default depth of 5 reaches a track of an
/// artist's album (`0.0.0.0.0`) and nothing below it. When not enforced nothing is capped.
public struct ContentLimits: Equatable, Sendable {
    /// The item limits that ``validated()`` accepts.
    public static let itemLimitRange = 1...1000
    /// The depths that ``validated()`` accepts.
    public static let depthLimitRange = 1...16

    /// Whether the limits apply.
    public var enforced: Bool
    /// The most items one list shows while enforced.
    public var itemLimit: Int
    /// The most index-path components of a reachable item while enforced.
    public var depthLimit: Int

    /// Creates a context; by default not enforced, 12 items, 5 levels.
    public init(enforced: Bool = false, itemLimit: Int = 12, depthLimit: Int = 5) {
        self.enforced = enforced
        self.itemLimit = itemLimit
        self.depthLimit = depthLimit
    }

    /// Not enforced, 12 items, 5 levels.
    public static let `default` = ContentLimits()

    /// These limits, checked.
    /// - Returns: `self`, unchanged.
    /// - Throws: ``BrowseError/badLimits(_:)`` when ``itemLimit`` is outside ``itemLimitRange``
    ///   or ``depthLimit`` outside ``depthLimitRange`` (whether enforced or not).
    public func validated() throws(BrowseError) -> ContentLimits {
        guard Self.itemLimitRange.contains(itemLimit) else {
            throw .badLimits("item limit \(itemLimit) is outside \(Self.written(Self.itemLimitRange))")
        }
        guard Self.depthLimitRange.contains(depthLimit) else {
            throw .badLimits("depth limit \(depthLimit) is outside \(Self.written(Self.depthLimitRange))")
        }
        return self
    }

    private static func written(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound)…\(range.upperBound)"
    }
}
