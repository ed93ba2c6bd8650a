/// The identity of a session, chosen by whoever opens it and unique among open sessions.
///
/// Encodes as its bare string.
public struct SessionID: Hashable, Sendable, Codable, RawRepresentable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identity as text.
    public let rawValue: String

    /// Wraps `rawValue`.
    /// - Parameter rawValue: the identity as text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal, for tests and fixed sessions such as the daemon's player.
    /// - Parameter value: the identity as text.
    public init(stringLiteral value: String) { rawValue = value }

    /// Decodes a bare string.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: whatever the decoder throws when the value is not a string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes a bare string.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The identity as text.
    public var description: String { rawValue }
}
