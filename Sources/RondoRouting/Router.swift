public import RondoProtocol

/// Dispatches decoded requests to their handlers, from the method table of
/// `RondoProtocol`, and encodes what they return, each reply sent as the request's
/// ``ReplyPolicy`` says.
public struct Router: Sendable {
    /// What handling a request line comes to.
    public enum Routed: Sendable {
        /// The reply, written at once (`nil`: a notification, nothing to answer).
        case answered([UInt8]?)
        /// Work for a task, returning the reply; `onLoop` when the task should prefer the
        /// request loop that read it (``register(_:onLoop:_:)``).
        case pending(@Sendable () async -> [UInt8]?, onLoop: Bool)
    }

    private enum Handler: Sendable {
        case immediate(@Sendable (RequestID?, JSONValue?, ConnectionContext) -> [UInt8]?)
        case deferred(onLoop: @Sendable () -> Bool, @Sendable (RequestID?, JSONValue?, ConnectionContext) async -> [UInt8]?)
    }

    private var handlers: [String: Handler] = [:]
    private let codec = JSONRPCCodec()
    private let policies: ReplyPolicy.Table
    private let keeper: ReplyPolicy.Keeper

    /// Creates a router with no methods.
    /// - Parameters:
    ///   - policies: each request's ``ReplyPolicy`` (every reply when decided by default).
    ///   - keeper: how the daemon carries a policy out (waiting for its disk).
    public init(
        policies: @escaping ReplyPolicy.Table = { _, _ in .whenDecided },
        keeper: @escaping ReplyPolicy.Keeper = { _, work in await work() }
    ) {
        self.policies = policies
        self.keeper = keeper
    }

    /// The wire names this router serves.
    public var methodNames: Set<String> { Set(handlers.keys) }

    /// Serves `method` with `body`, on a task of its own, its reply sent as the request's
    /// ``ReplyPolicy`` says.
    ///
    /// `onLoop` says, as each request is read, whether its task should run on the request
    /// loop that read it (``RequestLoop``), actors it calls included (a task executor preference): for a body
    /// that, at that moment, only decides. It blocks no longer than an actor's decision
    /// takes, so the request is answered without the two thread wake-ups (to the shared
    /// pool and back) that otherwise cost more than the decision. A body that may block on
    /// the disk, a scan or a server that does not answer runs on the pool (`onLoop` false,
    /// the default), so the other connections are never held up by it.
    public mutating func register<M: RPCMethod>(
        _ method: M.Type,
        onLoop: @escaping @Sendable () -> Bool = { false },
        _ body: @escaping @Sendable (M.Params, ConnectionContext) async throws(RPCError) -> M.Result
    ) {
        let (codec, policies, keeper) = (self.codec, self.policies, self.keeper)
        handlers[M.name] = .deferred(onLoop: onLoop) { id, params, context in
            await keeper(policies(M.name, params)) {
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
    }

    /// Serves `method` with `body` where the request is read, without a task: for answers
    /// read from a snapshot, which neither wait nor block.
    public mutating func registerImmediate<M: RPCMethod>(
        _ method: M.Type,
        _ body: @escaping @Sendable (M.Params, ConnectionContext) throws(RPCError) -> M.Result
    ) {
        let codec = self.codec
        registerAnswering(method, body) { id, result in codec.encodeLine(Envelope.Response(id: id, result: result)) }
    }

    /// Serves `method` with `body` where the request is read, as ``registerImmediate(_:_:)``,
    /// for a result `body` hands over already encoded (one it keeps encoded between changes).
    public mutating func registerImmediateEncoded<M: RPCMethod>(
        _ method: M.Type,
        _ body: @escaping @Sendable (M.Params, ConnectionContext) throws(RPCError) -> EncodedJSON
    ) {
        let codec = self.codec
        registerAnswering(method, body) { id, encoded in codec.responseLine(id: id, result: encoded) }
    }

    /// Binds `method` to an immediate handler: params typed, `body` run, its answer written
    /// by `reply` (nothing for a notification), a failure written as an error response.
    private mutating func registerAnswering<M: RPCMethod, Answer>(
        _ method: M.Type,
        _ body: @escaping @Sendable (M.Params, ConnectionContext) throws(RPCError) -> Answer,
        reply: @escaping @Sendable (RequestID, Answer) -> [UInt8]
    ) {
        let codec = self.codec
        handlers[M.name] = .immediate { id, params, context in
            do throws(RPCError) {
                let typed = try codec.decodeParams(M.Params.self, from: params, method: M.name)
                let answer = try body(typed, context)
                guard let id else { return nil }
                return reply(id, answer)
            } catch {
                guard let id else { return nil }
                return codec.encodeLine(Envelope.ErrorResponse(id: id, error: error))
            }
        }
    }

    /// Reads one request line and answers it at once when it can, or says what is left to do.
    public func route(line: [UInt8], context: ConnectionContext) -> Routed {
        let request: JSONRPCCodec.IncomingRequest
        do {
            request = try codec.decodeRequest(line)
        } catch {
            return .answered(codec.encodeLine(Envelope.ErrorResponse(id: error.id, error: error.error)))
        }
        switch handlers[request.method] {
        case .immediate(let handler)?:
            return .answered(handler(request.id, request.params, context))
        case .deferred(let onLoop, let handler)?:
            return .pending({ await handler(request.id, request.params, context) }, onLoop: onLoop())
        case nil:
            guard let id = request.id else { return .answered(nil) }
            return .answered(codec.encodeLine(Envelope.ErrorResponse(id: id, error: .methodNotFound(request.method))))
        }
    }

    /// Handles one request line; returns the reply line, or `nil` for a notification.
    public func handle(line: [UInt8], context: ConnectionContext) async -> [UInt8]? {
        switch route(line: line, context: context) {
        case .answered(let reply): reply
        case .pending(let work, _): await work()
        }
    }

    /// An error line that answers no request: a connection refused before it could send one.
    public func refusalReply(_ error: RPCError) -> [UInt8] {
        codec.encodeLine(Envelope.ErrorResponse(id: nil, error: error))
    }

    /// The reply to a line longer than the protocol allows.
    public func oversizedLineReply() -> [UInt8] {
        codec.encodeLine(
            Envelope.ErrorResponse(
                id: nil,
                error: .invalidRequest(
                    "request line longer than \(JSONRPCCodec.maximumLineLength) bytes was discarded; send smaller requests (page long lists)"
                )))
    }
}
