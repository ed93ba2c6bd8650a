/// The stable domain error codes of SPEC §9 (and `unreachable`, SPEC §10), carried in
/// `error.data.code`.
public enum ErrorCode: String, WireName {
    case badParam, notFound, noSuchSession, sessionNotActive, insufficientPriority
    case cannotInterruptOthers, isBusy, contentLimitExceeded, indexOutOfRange, libraryBusy
    case decodeFailed, pulseUnavailable, permissionDenied, unreachable

    /// The JSON-RPC `error.code` of this domain error, in -32000…-32099.
    public var rpcCode: Int { -32000 - Self.allCases.firstIndex(of: self)! }
}
