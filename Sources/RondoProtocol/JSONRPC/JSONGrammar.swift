/// A check that a line is one JSON text exactly as RFC 8259 writes it, before a lenient
/// parser reads it.
///
/// Foundation's decoder takes numbers the grammar refuses (`00`, `01`, `1e`, `-`, `1.`),
/// so a request such as `"method":00` would otherwise be read and executed. This scanner
/// accepts exactly the grammar: whitespace, objects, arrays, strings (no raw control
/// characters, only the eight escapes and `\u` with four hex digits), numbers
/// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) and the three literals, with
/// nothing after the value but whitespace. UTF-8 validity is left to the decoder.
///
/// It recurses once per nesting level: callers refuse lines deeper than
/// ``JSONRPCCodec/maximumNestingDepth`` first.
struct JSONGrammar {
    private let bytes: [UInt8]
    private var index = 0

    /// Whether `line` is one JSON text.
    static func accepts(_ line: some Collection<UInt8>) -> Bool {
        var scanner = JSONGrammar(bytes: Array(line))
        scanner.skipWhitespace()
        guard scanner.value() else { return false }
        scanner.skipWhitespace()
        return scanner.index == scanner.bytes.count
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

    private mutating func value() -> Bool {
        switch current {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func object() -> Bool {
        index += 1
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard string() else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard value() else { return false }
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
            skipWhitespace()
        }
    }

    private mutating func array() -> Bool {
        index += 1
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return true }
        while true {
            guard value() else { return false }
            skipWhitespace()
            if take(UInt8(ascii: "]")) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
            skipWhitespace()
        }
    }

    private mutating func string() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return true
            case UInt8(ascii: "\\"):
                guard let escape = current else { return false }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    continue
                case UInt8(ascii: "u"):
                    for _ in 0..<4 {
                        guard let digit = current, digit.isHexDigit else { return false }
                        index += 1
                    }
                default:
                    return false
                }
            case 0x00..<0x20:
                return false
            default:
                continue
            }
        }
        return false
    }

    private mutating func number() -> Bool {
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            // A leading zero stands alone: `00` and `01` are not numbers.
        } else {
            guard let first = current, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first) else { return false }
            skipDigits()
        }
        if take(UInt8(ascii: ".")) {
            guard current?.isDigit == true else { return false }
            skipDigits()
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard current?.isDigit == true else { return false }
            skipDigits()
        }
        return true
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
    fileprivate var isHexDigit: Bool {
        isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
