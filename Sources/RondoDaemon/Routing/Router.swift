import RondoProtocol

/// Dispatches decoded requests to their handlers, from the method table of
/// `RondoProtocol`, and encodes what they return.
struct Router: Sendable {
    private typealias Encoded = @Sendable (RequestID?, JSONValue?, ConnectionContext) async -> [UInt8]?

    private var handlers: [String: Encoded] = [:]
    private let codec = JSONRPCCodec()

    /// Creates a router with no methods.
    init() {}

    /// The wire names this router serves.
    var methodNames: Set<String> { Set(handlers.keys) }

    /// Serves `method` with `body`.
    mutating func register<M: RPCMethod>(
        _ method: M.Type,
        _ body: @escaping @Sendable (M.Params, ConnectionContext) async throws(RPCError) -> M.Result
    ) {
        let codec = self.codec
        handlers[M.name] = { id, params, context in
            do throws(RPCError) {
                let typed = try codec.decodeParams(M.Params.self, from: params, method: M.name)
                let result = try await body(typed, context)
                guard let id else { return nil }
                return codec.encodeLine(Envelope.Response(id: id, result: result))
            } catch {
                guard let id else { return nil }
                return codec.encodeLine(Envelope.ErrorResponse(id: id, error: error))
            }
        }
    }

    /// Handles one request line; returns the reply line, or `nil` for a notification.
    func handle(line: [UInt8], context: ConnectionContext) async -> [UInt8]? {
        let request: JSONRPCCodec.IncomingRequest
        do {
            request = try codec.decodeRequest(line)
        } catch {
            return codec.encodeLine(Envelope.ErrorResponse(id: error.id, error: error.error))
        }
        guard let handler = handlers[request.method] else {
            guard let id = request.id else { return nil }
            return codec.encodeLine(Envelope.ErrorResponse(id: id, error: .methodNotFound(request.method)))
        }
        return await handler(request.id, request.params, context)
    }

    /// An error line that answers no request: a connection refused before it could send one.
    func refusalReply(_ error: RPCError) -> [UInt8] {
        codec.encodeLine(Envelope.ErrorResponse(id: nil, error: error))
    }

    /// The reply to a line longer than the protocol allows.
    func oversizedLineReply() -> [UInt8] {
        codec.encodeLine(
            Envelope.ErrorResponse(
                id: nil,
                error: .invalidRequest(
                    "request line longer than \(JSONRPCCodec.maximumLineLength) bytes was discarded; send smaller requests (page long lists)"
                )))
    }
}
