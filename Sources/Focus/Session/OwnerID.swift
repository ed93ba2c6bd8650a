/// Who owns a session: a client connection, or the daemon itself.
///
/// When an owner goes away (``FocusEvent/ownerGone(_:)``) every session it owns is closed.
public struct OwnerID: Hashable, Sendable, CustomStringConvertible {
    /// The connection number; ``OwnerID/daemon`` uses -1, which no connection has.
    public let rawValue: Int

    /// The owner for connection number `connection`.
    /// - Parameter connection: the daemon's number for the connection, zero or more.
    public init(_ connection: Int) { rawValue = connection }

    /// The daemon itself, owner of its own player's session.
    public static let daemon = OwnerID(-1)

    /// `daemon`, or `connection N`.
    public var description: String { self == .daemon ? "daemon" : "connection \(rawValue)" }
}
