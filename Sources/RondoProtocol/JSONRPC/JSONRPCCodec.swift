#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns NDJSON lines into JSON-RPC messages and back. One line is one message; encoded
/// messages end with `\n`.
public struct JSONRPCCodec: Sendable {
    /// The longest line either side accepts, newline excluded (SPEC §2).
    public static let maximumLineLength = 1 << 20

    /// A request as the daemon receives it, params still untyped.
    public struct IncomingRequest: Sendable {
        /// The id to answer with; `nil` for a notification (no answer).
        public var id: RequestID?
        public var method: String
        public var params: JSONValue?
    }

    /// Creates a codec.
    public init() {}

    /// Reads one request line.
    /// - Throws: an ``RPCError`` (with the request id when it could be read) for invalid
    ///   UTF-8 or JSON, or nesting deeper than ``maximumNestingDepth`` (-32700), and for JSON
    ///   that is not a request (-32600).
    public func decodeRequest(_ line: some Collection<UInt8>) throws(FailedRequest) -> IncomingRequest {
        try decodeRequest(Array(line))
    }

    /// Reads one request line, as the generic `decodeRequest(_:)` does, from bytes in
    /// an array: the form the parser reads, so no byte goes through a generic collection.
    public func decodeRequest(_ line: [UInt8]) throws(FailedRequest) -> IncomingRequest {
        guard !Self.nestsTooDeeply(line) else {
            throw FailedRequest(
                id: nil,
                error: .parseError(
                    "the line nests arrays or objects more than \(Self.maximumNestingDepth) levels deep; send flatter params"))
        }
        guard let envelope = JSONParser.parseEnvelope(line) else {
            throw FailedRequest(id: nil, error: .parseError("the line is not valid UTF-8 JSON; send one JSON-RPC request object per line"))
        }
        guard case .object(let members) = envelope else {
            throw FailedRequest(id: nil, error: .invalidRequest("a request must be a JSON object"))
        }
        var id: RequestID?
        switch members.id {
        case nil, .null?: id = nil
        case .number(let number)? where number.rounded() == number && abs(number) < 1e15: id = .number(Int(number))
        case .string(let string)?: id = .string(string)
        default:
            throw FailedRequest(id: nil, error: .invalidRequest("\"id\" must be an integer or a string"))
        }
        guard members.jsonrpc == .string(Envelope.version) else {
            throw FailedRequest(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
        }
        guard case .string(let method)? = members.method else {
            throw FailedRequest(id: id, error: .invalidRequest("\"method\" must be a string"))
        }
        let params = members.params
        switch params {
        case nil, .object?, .array?, .null?: break
        default: throw FailedRequest(id: id, error: .invalidRequest("\"params\" must be an object"))
        }
        return IncomingRequest(id: id, method: method, params: params)
    }

    /// Decodes untyped params into a method's or an event's params type (absent params read
    /// as `{}`).
    /// - Throws: ``RPCError/invalidParams(_:)`` naming the field that does not fit, or a
    ///   `badParam` domain error for a name outside a ``CheckedWireName`` set.
    public func decodeParams<P: Decodable>(_ type: P.Type, from params: JSONValue?, method: String) throws(RPCError) -> P {
        if P.self == Empty.self, Self.isEmptyObject(params) { return unsafeBitCast(Empty(), to: P.self) }
        do {
            return try JSONValueDecoder.decode(P.self, from: params == nil || params == .null ? .object([:]) : params!)
        } catch let error as UnknownWireName {
            throw RPCError(.badParam, error.message)
        } catch let error as DecodingError {
            throw .invalidParams("invalid params for \(method): \(Self.describe(error))")
        } catch {
            throw .invalidParams("invalid params for \(method)")
        }
    }

    /// Whether `params` is absent, `null` or `{}`: what a method without params reads as
    /// ``Empty`` without a decoder.
    private static func isEmptyObject(_ params: JSONValue?) -> Bool {
        switch params {
        case nil, .null?: true
        case .object(let members)?: members.isEmpty
        default: false
        }
    }

    /// Reads one line a client receives while it waits for the reply to a call: that reply,
    /// its result typed, or an event notification (params still untyped, for
    /// ``decodeParams(_:from:method:)``).
    /// - Throws: ``RPCError/parseError(_:)`` saying what was wrong, when the line is no
    ///   JSON-RPC message or a result does not fit `Result`.
    public func decodeReply<Result: Decodable>(
        _ type: Result.Type, from line: some Collection<UInt8>
    ) throws(RPCError) -> Envelope.Reply<Result> {
        do {
            return try JSONDecoder().decode(Envelope.Reply<Result>.self, from: Data(line))
        } catch let error as UnknownWireName {
            throw .parseError(error.message)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .parseError("the line is not valid UTF-8 JSON")
        } catch let error as DecodingError {
            throw .parseError(Self.describe(error))
        } catch {
            throw .parseError("the line is not a JSON-RPC message")
        }
    }

    /// Encodes a message as one line, newline included.
    public func encodeLine(_ message: some Encodable) -> [UInt8] {
        do {
            return try JSONLineEncoder.encodeLine(message)
        } catch {
            return Array(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"cannot encode the reply"}}"#.utf8) + [10]
        }
    }

    /// Encodes a result once, to be written into replies by ``responseLine(id:result:)``.
    /// - Throws: ``RPCError/internalError(_:)`` for a value JSON cannot hold.
    public func encodeResult(_ result: some Encodable) throws(RPCError) -> EncodedJSON {
        do {
            return EncodedJSON(bytes: try JSONLineEncoder.encode(result))
        } catch {
            throw .internalError("cannot encode the reply")
        }
    }

    /// The response line to request `id` carrying an encoded result: the same bytes as
    /// ``encodeLine(_:)`` writes for `Envelope.Response(id: id, result: value)`.
    public func responseLine(id: RequestID, result: EncodedJSON) -> [UInt8] {
        var line = Self.responsePrefix
        line.reserveCapacity(line.count + result.bytes.count + 32)
        switch id {
        case .number(let number): JSONLineEncoder.appendInteger(number, to: &line)
        case .string: line.append(contentsOf: (try? JSONLineEncoder.encode(id)) ?? Array("null".utf8))
        }
        line.append(contentsOf: #","result":"#.utf8)
        line.append(contentsOf: result.bytes)
        line.append(UInt8(ascii: "}"))
        line.append(UInt8(ascii: "\n"))
        return line
    }

    private static let responsePrefix = Array(#"{"jsonrpc":"\#(Envelope.version)","id":"#.utf8)

    /// A human sentence for a decoding error: which field, and what was wrong.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "params" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(path(context.codingPath + [key]))\""
        case .typeMismatch(let type, let context):
            return "\"\(path(context.codingPath))\" must be \(type)"
        case .valueNotFound(let type, let context):
            return "\"\(path(context.codingPath))\" must be \(type), not null"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation on Linux reports a number that does not fit an integer field this way,
            // without its path and as "not valid JSON", though the re-encoded params are valid.
            return "a number does not fit its field (integers must be whole and in range)"
        case .dataCorrupted(let context):
            return "\"\(path(context.codingPath))\": \(context.debugDescription)"
        @unknown default:
            return "params do not fit"
        }
    }
}

/// A request that cannot be handled, with the id to answer it under (if readable).
public struct FailedRequest: Error, Sendable {
    /// The request's id, `nil` when it could not be read.
    public var id: RequestID?
    /// What to answer.
    public var error: RPCError

    /// Creates a failure.
    public init(id: RequestID?, error: RPCError) {
        self.id = id
        self.error = error
    }
}
