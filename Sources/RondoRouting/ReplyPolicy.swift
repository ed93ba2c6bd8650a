public import RondoProtocol

/// When the reply to a request goes out, relative to the disk: the daemon's one rule,
/// looked up per request by the ``Router`` from the table it was made with and carried out
/// by the daemon's ``ReplyPolicy/Keeper``.
public enum ReplyPolicy: Sendable, Equatable {
    /// Once the handler has decided: the state the reply describes is the one every later
    /// request sees. What it changed is written right after.
    case whenDecided
    /// Once what the request changed is on disk, so what the client was told survives a
    /// `kill -9`.
    case whenWritten
    /// Once every change handed to the disk before it is written, then decided: a read
    /// that shows how far listening got (a client that paused and then browses sees where
    /// it paused).
    case afterEarlierWrites

    /// The policy of a request, from its method's wire name and its params.
    public typealias Table = @Sendable (_ method: String, _ params: JSONValue?) -> ReplyPolicy

    /// Carries out `policy` around `work`, the handling of one request that returns its
    /// reply line.
    public typealias Keeper = @Sendable (_ policy: ReplyPolicy, _ work: () async -> [UInt8]?) async -> [UInt8]?
}
