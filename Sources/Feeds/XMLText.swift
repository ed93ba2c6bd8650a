/// The character-level rules of XML that the tokenizer applies: references in text and
/// attribute values, names and attributes in a start tag, white space.
enum XMLText {
    /// `bytes` as a string with the predefined entities and character references decoded;
    /// any other `&` is kept as written.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"),
                let semicolon = bytes[index..<min(index + 12, bytes.endIndex)].firstIndex(of: UInt8(ascii: ";")),
                let scalar = reference(bytes[(index + 1)..<semicolon])
            else {
                decoded.append(byte)
                index += 1
                continue
            }
            decoded.append(contentsOf: String(Character(scalar)).utf8)
            index = semicolon + 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The character a reference's name (between `&` and `;`) stands for.
    private static func reference(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": "<"
        case "gt": ">"
        case "amp": "&"
        case "quot": "\""
        case "apos": "'"
        case let text where text.hasPrefix("#x") || text.hasPrefix("#X"): UInt32(text.dropFirst(2), radix: 16).flatMap(scalar)
        case let text where text.hasPrefix("#"): UInt32(text.dropFirst(), radix: 10).flatMap(scalar)
        default: nil
        }
    }

    /// A character XML allows, not NUL.
    private static func scalar(_ value: UInt32) -> Unicode.Scalar? {
        guard value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    /// The name and attributes of a start tag's body (between `<` and `>`, without a
    /// closing `/`).
    /// - Throws: ``XMLRefusal/malformed(_:offset:)`` for a tag without a name, an attribute
    ///   without `=` or without quotes.
    static func startTag(_ body: ArraySlice<UInt8>, offset: Int) throws(XMLRefusal) -> (String, [XMLAttribute]) {
        var index = body.startIndex
        while index < body.endIndex, !isSpace(body[index]) { index += 1 }
        let name = String(decoding: body[body.startIndex..<index], as: UTF8.self)
        guard !name.isEmpty else { throw .malformed("a tag without a name", offset: offset) }
        var attributes: [XMLAttribute] = []
        while true {
            while index < body.endIndex, isSpace(body[index]) { index += 1 }
            guard index < body.endIndex else { break }
            let nameStart = index
            while index < body.endIndex, body[index] != UInt8(ascii: "="), !isSpace(body[index]) { index += 1 }
            let attribute = String(decoding: body[nameStart..<index], as: UTF8.self)
            while index < body.endIndex, isSpace(body[index]) { index += 1 }
            guard index < body.endIndex, body[index] == UInt8(ascii: "=") else {
                throw .malformed("attribute \(attribute) of <\(name)> has no value", offset: offset)
            }
            index += 1
            while index < body.endIndex, isSpace(body[index]) { index += 1 }
            guard index < body.endIndex, body[index] == UInt8(ascii: "\"") || body[index] == UInt8(ascii: "'") else {
                throw .malformed("attribute \(attribute) of <\(name)> is not quoted", offset: offset)
            }
            let quote = body[index]
            let valueStart = index + 1
            guard let valueEnd = body[valueStart...].firstIndex(of: quote) else {
                throw .malformed("attribute \(attribute) of <\(name)> is not closed", offset: offset)
            }
            attributes.append(XMLAttribute(name: attribute, value: decode(body[valueStart..<valueEnd])))
            index = valueEnd + 1
        }
        return (name, attributes)
    }

    /// XML's white space: space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension String {
    /// Without XML white space at either end.
    var trimmingXMLSpace: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { !XMLText.isSpace($0) }),
            let last = bytes.lastIndex(where: { !XMLText.isSpace($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
