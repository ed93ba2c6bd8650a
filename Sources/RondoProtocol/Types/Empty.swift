/// The params or result `{}`: a method that takes or returns nothing.
public struct Empty: Codable, Equatable, Sendable {
    /// Creates the empty object.
    public init() {}
}
