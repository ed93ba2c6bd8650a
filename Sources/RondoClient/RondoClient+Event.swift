public import RondoProtocol

extension RondoClient {
    /// An event notification as received.
    public struct Event: Sendable {
        /// The notification's method (`nowPlaying.changed`).
        public var method: String
        /// Its params, untyped; ``decode(_:)`` types them.
        public var params: JSONValue
        /// The line as received, for printing raw.
        public var line: String

        /// The params of this event when it is `event`, decoded into that event's params
        /// type by the protocol's codec.
        /// - Returns: `nil` when this is another event.
        /// - Throws: ``ClientError/connectionLost(_:)`` when the params do not fit the event
        ///   (a daemon speaking another version of the protocol).
        public func decode<E: RPCEvent>(_ event: E.Type) throws(ClientError) -> E.Params? {
            guard method == E.name else { return nil }
            do {
                return try JSONRPCCodec().decodeParams(E.Params.self, from: params, method: E.name)
            } catch {
                throw .connectionLost("unreadable \(E.name) event: \(error.message)")
            }
        }
    }
}
