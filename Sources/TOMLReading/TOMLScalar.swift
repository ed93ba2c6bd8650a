/// The unquoted scalars of TOML 1.0 told apart by their text: integers (decimal, `0x`, `0o`,
/// `0b`, `_` between digits), floats (`1.5`, `1e6`, `inf`, `nan`), and dates and times
/// (RFC 3339: `1979-05-27`, `07:32:00`, `1979-05-27T07:32:00.5-07:00`).
enum TOMLScalar {
    /// The value `token` spells, or `nil` when it is none of them.
    static func value(of token: ArraySlice<UInt8>) -> TOMLValue? {
        if let integer = integer(token) { return .integer(integer) }
        if let float = float(token) { return .float(float) }
        if isDate(token) { return .other("date") }
        if isTime(token) { return .other("time") }
        if isDateTime(token) { return .other("date-time") }
        return nil
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Numbers

    private static func integer(_ token: ArraySlice<UInt8>) -> Int? {
        let radixes: [(prefix: UInt8, radix: Int)] = [(UInt8(ascii: "x"), 16), (UInt8(ascii: "o"), 8), (UInt8(ascii: "b"), 2)]
        if token.count > 2, token.first == UInt8(ascii: "0"),
            let (_, radix) = radixes.first(where: { $0.prefix == token[token.startIndex + 1] })
        {
            return digits(token.dropFirst(2), radix: radix).flatMap { Int($0, radix: radix) }
        }
        let sign = token.first == UInt8(ascii: "-") ? "-" : ""
        let unsigned = token.first == UInt8(ascii: "-") || token.first == UInt8(ascii: "+") ? token.dropFirst() : token
        guard let digits = digits(unsigned, radix: 10), !hasLeadingZero(digits) else { return nil }
        return Int(sign + digits)
    }

    private static func float(_ token: ArraySlice<UInt8>) -> Double? {
        let unsigned = token.first == UInt8(ascii: "-") || token.first == UInt8(ascii: "+") ? token.dropFirst() : token
        let negative = token.first == UInt8(ascii: "-")
        if unsigned.elementsEqual("inf".utf8) { return negative ? -.infinity : .infinity }
        if unsigned.elementsEqual("nan".utf8) { return .nan }
        let parts = unsigned.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        guard parts.count <= 2 else { return nil }
        let mantissa = parts[0].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard mantissa.count <= 2, parts.count == 2 || mantissa.count == 2 else { return nil }
        guard let whole = digits(mantissa[0], radix: 10), !hasLeadingZero(whole) else { return nil }
        var text = (negative ? "-" : "") + whole
        if mantissa.count == 2 {
            guard let fraction = digits(mantissa[1], radix: 10) else { return nil }
            text += "." + fraction
        }
        if parts.count == 2 {
            var exponent = parts[1]
            let exponentSign = exponent.first == UInt8(ascii: "-") ? "-" : ""
            if exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+") { exponent = exponent.dropFirst() }
            guard let exponentDigits = digits(exponent, radix: 10) else { return nil }
            text += "e" + exponentSign + exponentDigits
        }
        return Double(text)
    }

    /// The digits of `text` without the `_` between them, or `nil` when it is empty, holds
    /// something else, or has a `_` at either end or beside another.
    private static func digits(_ text: ArraySlice<UInt8>, radix: Int) -> String? {
        guard let first = text.first, let last = text.last, first != UInt8(ascii: "_"), last != UInt8(ascii: "_") else {
            return nil
        }
        var result = ""
        var previousWasUnderscore = false
        for byte in text {
            if byte == UInt8(ascii: "_") {
                guard !previousWasUnderscore else { return nil }
                previousWasUnderscore = true
                continue
            }
            previousWasUnderscore = false
            let character = Character(Unicode.Scalar(byte))
            guard character.isASCII, let digit = character.hexDigitValue, digit < radix else { return nil }
            result.append(character)
        }
        return result
    }

    private static func hasLeadingZero(_ digits: String) -> Bool { digits.count > 1 && digits.first == "0" }

    // MARK: Dates and times

    /// `YYYY-MM-DD`.
    static func isDate(_ token: ArraySlice<UInt8>) -> Bool {
        let text = Array(token)
        guard text.count == 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            let month = number(text, 5, 2), let day = number(text, 8, 2), number(text, 0, 4) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `HH:MM:SS` with an optional fraction of a second.
    static func isTime(_ token: ArraySlice<UInt8>) -> Bool {
        let text = Array(token)
        guard text.count >= 8, text[2] == UInt8(ascii: ":"), text[5] == UInt8(ascii: ":"),
            let hour = number(text, 0, 2), let minute = number(text, 3, 2), let second = number(text, 6, 2),
            hour < 24, minute < 60, second <= 60
        else { return false }
        guard text.count > 8 else { return true }
        return text[8] == UInt8(ascii: ".") && text.count > 9 && text[9...].allSatisfy(isDigit)
    }

    /// A date, `T` (or a space, or `t`), a time, and an optional offset: `Z` or `±HH:MM`.
    private static func isDateTime(_ token: ArraySlice<UInt8>) -> Bool {
        let text = Array(token)
        guard text.count >= 19, isDate(token.prefix(10)),
            [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(text[10])
        else { return false }
        var time = text[11...]
        if time.last == UInt8(ascii: "Z") || time.last == UInt8(ascii: "z") {
            time = time.dropLast()
        } else if time.count >= 14, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(time[time.endIndex - 6]) {
            let offset = Array(time.suffix(5))
            guard offset[2] == UInt8(ascii: ":"), let hours = number(offset, 0, 2), let minutes = number(offset, 3, 2),
                hours < 24, minutes < 60
            else { return false }
            time = time.dropLast(6)
        }
        return isTime(time)
    }

    /// The decimal number of the `count` digits at `start`, or `nil` when they are not all digits.
    private static func number(_ text: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= text.count else { return nil }
        var value = 0
        for byte in text[start..<start + count] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
