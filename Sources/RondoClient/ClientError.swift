public import RondoProtocol

/// Why a call to the daemon did not return a result.
public enum ClientError: Error, Sendable {
    /// The socket could not be reached (no daemon, wrong path, refused).
    case unreachable(String)
    /// The daemon answered with an error.
    case rpc(RPCError)
    /// The connection broke or the daemon sent something unreadable.
    case connectionLost(String)
}

extension ClientError: CustomStringConvertible {
    /// A sentence for the user: what went wrong and what to do.
    public var description: String {
        switch self {
        case .unreachable(let reason): "cannot reach rondod: \(reason); is it running? (rondod, or systemctl --user start rondod)"
        case .rpc(let error): error.message
        case .connectionLost(let reason): "lost the connection to rondod: \(reason)"
        }
    }
}
