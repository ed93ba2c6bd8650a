/// Reads one JSON text exactly as RFC 8259 writes it into a ``JSONValue``.
///
/// Foundation's decoder takes numbers the grammar refuses (`00`, `01`, `1e`, `-`, `1.`), so a
/// request such as `"method":00` would be read and executed; and it refuses numbers the
/// grammar allows (`1e-320`, `0e5`), answering a valid line as if it were not JSON. This
/// parser follows the grammar: whitespace, objects (a repeated key keeps its last value),
/// arrays, strings (valid UTF-8, no raw control characters, only the eight escapes and `\u`
/// with four hex digits, surrogates in pairs), numbers
/// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read as the nearest double;
/// one beyond a double's range is refused, as the RFC allows) and the three literals, with
/// nothing after the value but whitespace.
///
/// It recurses once per nesting level: callers refuse lines deeper than
/// ``JSONRPCCodec/maximumNestingDepth`` first.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    /// The value `line` holds, or `nil` when it is not one JSON text.
    static func parse(_ line: [UInt8]) -> JSONValue? {
        var parser = JSONParser(bytes: line)
        parser.skipWhitespace()
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? value : nil
    }

    /// The members of a JSON-RPC message's top-level object that the envelope reads.
    struct EnvelopeMembers {
        var jsonrpc: JSONValue?
        var id: JSONValue?
        var method: JSONValue?
        var params: JSONValue?
    }

    /// What a line holds, read for a JSON-RPC envelope: the members it needs, when the line
    /// is an object (others are checked and dropped, as ``parse(_:)`` would keep them);
    /// `.notAnObject` for any other JSON text; `nil` when it is not one JSON text.
    static func parseEnvelope(_ line: [UInt8]) -> Envelope? {
        var parser = JSONParser(bytes: line)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: "{") else { return parse(line) == nil ? nil : .notAnObject }
        guard let members = parser.envelopeMembers() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.bytes.count ? .object(members) : nil
    }

    /// A line read by ``parseEnvelope(_:)``.
    enum Envelope {
        case object(EnvelopeMembers)
        case notAnObject
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func value() -> JSONValue? {
        switch current {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number()
        }
    }

    private mutating func object() -> JSONValue? {
        var members: [String: JSONValue] = [:]
        guard readMembers(keys: { $0.string() }, { members[$0] = $1 }) else { return nil }
        return .object(members)
    }

    /// The members of a JSON-RPC envelope, and the rest.
    private enum EnvelopeKey {
        case jsonrpc, id, method, params, other

        init(_ key: String) {
            switch key {
            case "jsonrpc": self = .jsonrpc
            case "id": self = .id
            case "method": self = .method
            case "params": self = .params
            default: self = .other
            }
        }

        /// The key `bytes` spell when they are one of the four, else `.other`.
        init(_ bytes: ArraySlice<UInt8>) {
            if Self.spells(bytes, "id") {
                self = .id
            } else if Self.spells(bytes, "method") {
                self = .method
            } else if Self.spells(bytes, "params") {
                self = .params
            } else if Self.spells(bytes, "jsonrpc") {
                self = .jsonrpc
            } else {
                self = .other
            }
        }

        private static func spells(_ bytes: ArraySlice<UInt8>, _ key: StaticString) -> Bool {
            guard bytes.count == key.utf8CodeUnitCount else { return false }
            let letters = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            return bytes.withUnsafeBufferPointer { $0.elementsEqual(letters) }
        }
    }

    /// The top-level object's members, kept without a dictionary: the envelope reads four.
    private mutating func envelopeMembers() -> EnvelopeMembers? {
        var members = EnvelopeMembers()
        let valid = readMembers(keys: { $0.envelopeKey() }) { key, value in
            switch key {
            case .jsonrpc: members.jsonrpc = value
            case .id: members.id = value
            case .method: members.method = value
            case .params: members.params = value
            case .other: break
            }
        }
        return valid ? members : nil
    }

    /// An envelope's key, matched in the line's bytes when it is plain ASCII (no string made),
    /// else read as any string is; `nil` when it is not a valid string.
    private mutating func envelopeKey() -> EnvelopeKey? {
        guard current == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), (0x20..<0x80).contains(bytes[end]) {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return EnvelopeKey(bytes[start..<end])
        }
        return string().map(EnvelopeKey.init)
    }

    /// Reads an object from its `{`, each key with `keys`, handing each member to `member`
    /// in order; `false` when it is not a valid object.
    private mutating func readMembers<Key>(keys readKey: (inout JSONParser) -> Key?, _ member: (Key, JSONValue) -> Void) -> Bool {
        index += 1
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard let key = readKey(&self) else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard let value = value() else { return false }
            member(key, value)
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
            skipWhitespace()
        }
    }

    private mutating func array() -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            guard let element = value() else { return nil }
            elements.append(element)
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return .array(elements) }
            guard take(UInt8(ascii: ",")) else { return nil }
            skipWhitespace()
        }
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        // Most strings (every key, every method name) are printable ASCII without escapes:
        // those are read straight from the line, with no copy to validate.
        let start = index
        while index < bytes.count, (0x20..<0x80).contains(bytes[index]), bytes[index] != UInt8(ascii: "\""),
            bytes[index] != UInt8(ascii: "\\")
        {
            index += 1
        }
        if current == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var text = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = escape() else { return nil }
                text.append(contentsOf: escaped)
            case 0x00..<0x20:
                return nil
            default:
                text.append(byte)
            }
        }
        return nil
    }

    /// The UTF-8 bytes an escape after `\` stands for.
    private mutating func escape() -> [UInt8]? {
        guard let letter = current else { return nil }
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [letter]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            var scalar = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hexUnit(), (0xDC00..<0xE000).contains(low)
                else { return nil }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00..<0xE000).contains(unit) {
                return nil
            }
            guard let character = Unicode.Scalar(scalar) else { return nil }
            return Array(String(Character(character)).utf8)
        default:
            return nil
        }
    }

    private mutating func hexUnit() -> UInt16? {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { return nil }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func number() -> JSONValue? {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            // A leading zero stands alone: `00` and `01` are not numbers.
        } else {
            guard let first = current, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first) else { return nil }
            skipDigits()
        }
        if take(UInt8(ascii: ".")) {
            guard current?.isDigit == true else { return nil }
            skipDigits()
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard current?.isDigit == true else { return nil }
            skipDigits()
        }
        // A whole number of up to 15 digits is exact in a double: no text to convert.
        if let whole = Self.wholeNumber(bytes[start..<index]) { return .number(whole) }
        // RFC 8259 lets a reader limit the range: beyond a double's, a number is refused.
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else { return nil }
        return .number(number)
    }

    /// The value of `text` when it is an optional `-` and at most 15 digits, else `nil`.
    private static func wholeNumber(_ text: ArraySlice<UInt8>) -> Double? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? text.dropFirst() : text
        guard digits.count <= 15 else { return nil }
        var value = 0
        for digit in digits {
            guard digit.isDigit else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return negative ? -Double(value) : Double(value)
    }

    private mutating func skipDigits() {
        while current?.isDigit == true { index += 1 }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
            return false
        }
        index += expected.count
        return true
    }
}

extension UInt8 {
    fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
