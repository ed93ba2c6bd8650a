import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes one encoded line (its `\n` included) as `type`, the way a client reads replies.
func decodeLine<T: Decodable>(_ type: T.Type, from line: [UInt8]) throws -> T {
    try JSONDecoder().decode(type, from: Data(line))
}

/// The text of `value` encoded as a protocol line, without its `\n`.
func encodedText(_ value: some Encodable) -> String {
    String(decoding: JSONRPCCodec().encodeLine(value).dropLast(), as: UTF8.self)
}
