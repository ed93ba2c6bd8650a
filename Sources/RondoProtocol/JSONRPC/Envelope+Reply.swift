extension Envelope {
    /// A message a client receives while it waits for the reply to a call: the reply, with
    /// its result typed for that call, or an event notification (no id, a method and params).
    public struct Reply<Result: Decodable>: Decodable {
        /// The id of the request answered; `nil` for an event, or an error about a line
        /// whose id could not be read.
        public var id: RequestID?
        /// The result of a successful call.
        public var result: Result?
        /// The error of a failed call.
        public var error: RPCError?
        /// An event's notification method.
        public var method: String?
        /// An event's params.
        public var params: JSONValue?
    }
}
