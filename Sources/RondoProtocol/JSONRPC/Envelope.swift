/// The JSON-RPC 2.0 messages Rondo exchanges, one per NDJSON line.
public enum Envelope {
    /// The protocol version every message carries.
    public static let version = "2.0"

    /// A request with typed params, as a client sends it.
    public struct Request<Params: Encodable>: Encodable {
        public let jsonrpc = Envelope.version
        public var id: RequestID
        public var method: String
        public var params: Params

        /// Creates a request.
        public init(id: RequestID, method: String, params: Params) {
            self.id = id
            self.method = method
            self.params = params
        }
    }

    /// A successful response.
    public struct Response<Result: Encodable>: Encodable {
        public let jsonrpc = Envelope.version
        public var id: RequestID
        public var result: Result

        /// Creates a response.
        public init(id: RequestID, result: Result) {
            self.id = id
            self.result = result
        }
    }

    /// An error response; `id` is `null` when the request's id could not be read.
    public struct ErrorResponse: Encodable {
        public let jsonrpc = Envelope.version
        public var id: RequestID?
        public var error: RPCError

        /// Creates an error response.
        public init(id: RequestID?, error: RPCError) {
            self.id = id
            self.error = error
        }

        /// Encodes `id` as `null` rather than leaving it out, as JSON-RPC requires.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(jsonrpc, forKey: .jsonrpc)
            try container.encode(id, forKey: .id)
            try container.encode(error, forKey: .error)
        }

        private enum CodingKeys: String, CodingKey { case jsonrpc, id, error }
    }

    /// A notification (an event): no id, no reply.
    public struct Notification<Params: Encodable>: Encodable {
        public let jsonrpc = Envelope.version
        public var method: String
        public var params: Params

        /// Creates a notification.
        public init(method: String, params: Params) {
            self.method = method
            self.params = params
        }
    }

    /// Any message a client receives, before it knows which kind it is.
    public struct Incoming: Decodable, Sendable {
        public var id: RequestID?
        public var method: String?
        public var result: JSONValue?
        public var error: RPCError?
        public var params: JSONValue?
    }
}
