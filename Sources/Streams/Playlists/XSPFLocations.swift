/// The `<location>` of each `<track>` of an XSPF playlist, in order: a small bounded
/// scanner rather than an XML parser, so no entity is ever expanded or fetched (only the
/// five predefined ones and character references are decoded; a location referring to
/// another is skipped), and malformed XML yields what it holds, never an error. Linear in
/// the text's length.
enum XSPFLocations {
    /// The locations' text, unescaped, in document order.
    static func read(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        var locations: [String] = []
        var trackDepth = 0
        var location: String?
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let end = find([UInt8(ascii: "<")], in: bytes, from: index)
                if let found = location {
                    // An entity XML does not predefine makes the location malformed: skipped, never expanded.
                    location = unescape(String(decoding: bytes[index..<end], as: UTF8.self)).map { found + $0 }
                }
                index = end
                continue
            }
            if starts("<!--", bytes, at: index) {
                index = find(Array("-->".utf8), in: bytes, from: index + 4) + 3
            } else if starts("<![CDATA[", bytes, at: index) {
                let end = find(Array("]]>".utf8), in: bytes, from: index + 9)
                if location != nil { location! += String(decoding: bytes[index + 9..<end], as: UTF8.self) }
                index = end + 3
            } else {
                let end = find([UInt8(ascii: ">")], in: bytes, from: index)
                let tag = bytes[index + 1..<end]
                let closing = tag.first == UInt8(ascii: "/")
                let selfClosing = tag.last == UInt8(ascii: "/")
                switch localName(tag) {
                case "track" where closing: trackDepth = max(0, trackDepth - 1)
                case "track" where !selfClosing: trackDepth += 1
                case "location" where trackDepth > 0 && closing:
                    if let found = location { locations.append(found) }
                    location = nil
                case "location" where trackDepth > 0 && !selfClosing: location = ""
                default: break
                }
                index = end + 1
            }
        }
        return locations
    }

    private static func starts(_ prefix: String, _ bytes: [UInt8], at index: Int) -> Bool {
        let prefix = Array(prefix.utf8)
        return bytes.count - index >= prefix.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    /// The index of `needle` at or after `start`, or the end.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return bytes.count
    }

    /// A tag's name without its namespace prefix (`xspf:location` is `location`).
    private static func localName(_ tag: ArraySlice<UInt8>) -> String {
        let name = tag.drop { $0 == UInt8(ascii: "/") }.prefix { $0 > 0x20 && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">") }
        let local = name.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).last ?? name[...]
        return String(decoding: local, as: UTF8.self)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` decoded, a bare `&` kept.
    /// - Returns: `nil` at a reference to any other entity.
    static func unescape(_ text: String) -> String? {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            guard let decoded = entity(after[..<semicolon]) else { return nil }
            result.unicodeScalars.append(decoded)
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap { Unicode.Scalar($0) }
        }
    }
}
