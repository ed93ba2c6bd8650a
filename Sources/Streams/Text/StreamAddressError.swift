/// An address whose `#charset=` names no encoding this system reads.
struct StreamAddressError: Error, Equatable, CustomStringConvertible {
    /// The name given.
    let charset: String

    var description: String { "#charset=\(charset) names no encoding this system reads" }
}
