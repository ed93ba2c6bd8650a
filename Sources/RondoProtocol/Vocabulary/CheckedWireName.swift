/// A closed set of wire names that SPEC.md has the daemon check itself: an unknown name in
/// a request is a `badParam` domain error naming the known ones (SPEC §5), not invalid
/// params.
///
/// Decoding an unknown name throws ``UnknownWireName``, which ``JSONRPCCodec`` answers as
/// `badParam`.
public protocol CheckedWireName: WireName {
    /// What one name of the set is, in an error message (`category`, `option`).
    static var wireNoun: String { get }
}

extension CheckedWireName {
    /// The member of the set spelled `name`, as a client reads it from its user.
    /// - Throws: ``UnknownWireName`` for a name outside the set.
    public init(named name: String) throws(UnknownWireName) {
        guard let value = Self(rawValue: name) else {
            throw UnknownWireName(noun: Self.wireNoun, name: name, known: Self.spellings)
        }
        self = value
    }

    /// Decodes a name of the set.
    /// - Throws: ``UnknownWireName`` for a name outside the set, a `DecodingError` for a
    ///   value that is not a string.
    public init(from decoder: any Decoder) throws {
        try self.init(named: try decoder.singleValueContainer().decode(String.self))
    }
}
