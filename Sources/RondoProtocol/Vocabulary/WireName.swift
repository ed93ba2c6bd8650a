/// A closed set of names the wire carries (a status, a state, a reason): an enum whose raw
/// values are the spellings SPEC.md fixes.
///
/// The spellings live in RondoProtocol alone; the daemon, the clients and the MPRIS and
/// scenario front ends map their own values to and from these cases with exhaustive
/// `switch` statements. ``WireVocabulary/all`` lists every such set.
public protocol WireName: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension WireName {
    /// Every spelling of the set, in declaration order.
    public static var spellings: [String] { allCases.map(\.rawValue) }
}
