/// A JSON-RPC error object: a standard error (-32700…-32600) or a domain error
/// (-32000…-32099 with `data.code`).
public struct RPCError: Error, Codable, Equatable, Sendable {
    /// Extra detail of a domain error.
    public struct Detail: Codable, Equatable, Sendable {
        /// The stable domain code.
        public var code: ErrorCode
    }

    /// The JSON-RPC error code.
    public var code: Int
    /// What was wrong and what to do.
    public var message: String
    /// Present for domain errors.
    public var data: Detail?

    /// Creates an error object.
    public init(code: Int, message: String, data: Detail? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// A domain error with its stable code.
    public init(_ code: ErrorCode, _ message: String) {
        self.init(code: code.rpcCode, message: message, data: Detail(code: code))
    }

    /// -32700: the line is not valid UTF-8 JSON.
    public static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    /// -32600: valid JSON that is not a JSON-RPC 2.0 request.
    public static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    /// -32601: no method of that name.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "unknown method '\(method)'; see SPEC §2 for the method list")
    }
    /// -32602: the params do not fit the method.
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
    /// -32603: the daemon failed while handling a valid request.
    public static func internalError(_ message: String) -> RPCError { RPCError(code: -32603, message: message) }
}
