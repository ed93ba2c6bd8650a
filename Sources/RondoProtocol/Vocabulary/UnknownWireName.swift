/// A name outside a ``CheckedWireName`` set, as a request carried it.
public struct UnknownWireName: Error, Equatable, Sendable {
    /// What the name stands for (`category`).
    public var noun: String
    /// The name as received.
    public var name: String
    /// The names the set holds, in declaration order.
    public var known: [String]

    /// Creates the error.
    public init(noun: String, name: String, known: [String]) {
        self.noun = noun
        self.name = name
        self.known = known
    }

    /// What was wrong and what to send instead.
    public var message: String {
        "unknown \(noun) '\(name)'; use one of \(known.joined(separator: ", "))"
    }
}
