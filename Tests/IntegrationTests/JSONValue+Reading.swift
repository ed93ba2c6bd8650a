import Foundation
import RondoProtocol

extension JSONValue {
    /// The text, when this is a JSON string.
    var text: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value, when this is a JSON number.
    var numeric: Double? {
        if case .number(let number) = self { number } else { nil }
    }

    /// The member names, when this is a JSON object.
    var keys: Set<String>? {
        if case .object(let members) = self { Set(members.keys) } else { nil }
    }

    /// Parses JSON text (one whole document).
    /// - Throws: when `text` is not JSON.
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    /// `text` as a JSON string literal, quotes included, for building request lines.
    static func literal(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
