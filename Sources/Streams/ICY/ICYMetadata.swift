import TextEncodings

/// The fields of one ICY metadata block: `StreamTitle='Artist - Title';StreamUrl='…';`,
/// padded with NULs.
///
/// Read byte by byte, forgivingly: a value may hold quotes (`'Don't Stop';`), a block may
/// lack its final `';`, and the text is in the encoding the address named (`#charset=`),
/// else UTF-8, else Windows-1252 (``LenientText``). Control characters are taken out of the
/// values (``ControlCharacters``): a title cannot forge a line of a reply or move a cursor.
struct ICYMetadata: Equatable {
    /// The fields found, by name (`StreamTitle`, `StreamUrl`, …).
    var fields: [String: String]

    /// Reads the fields of `block`, its text in `charset` when the bytes are valid in it.
    init(_ block: some Collection<UInt8>, charset: TextEncoding? = nil) {
        var bytes = Array(block)
        while let last = bytes.last, last == 0 || last == 0x20 || last == 0x0a || last == 0x0d { bytes.removeLast() }
        fields = [:]
        var index = 0
        while let key = Self.key(in: bytes, at: index) {
            let valueStart = key.end + 2
            let valueEnd = Self.valueEnd(in: bytes, from: valueStart)
            fields[key.name] = ControlCharacters.stripped(LenientText.decode(bytes[valueStart..<valueEnd], hint: charset))
            index = min(bytes.count, valueEnd + 2)
        }
    }

    /// The title, when the block names one (possibly empty).
    var streamTitle: String? { fields["StreamTitle"] }

    /// The name of the field that starts at `index` (`Name='`), skipping separators.
    private static func key(in bytes: [UInt8], at index: Int) -> (name: String, end: Int)? {
        var start = index
        while start < bytes.count, bytes[start] == UInt8(ascii: ";") || bytes[start] == UInt8(ascii: " ") { start += 1 }
        var end = start
        while end < bytes.count, isKeyByte(bytes[end]) { end += 1 }
        guard end > start, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "="), bytes[end + 1] == UInt8(ascii: "'") else {
            return nil
        }
        return (String(decoding: bytes[start..<end], as: UTF8.self), end)
    }

    /// Where the value starting at `start` ends: at the first `';` followed by the end or
    /// by another field, else at a final `'`, else at the end of the block.
    private static func valueEnd(in bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "'"), bytes[index + 1] == UInt8(ascii: ";"),
                index + 2 == bytes.count || key(in: bytes, at: index + 2) != nil
            {
                return index
            }
            index += 1
        }
        return bytes.last == UInt8(ascii: "'") ? bytes.count - 1 : bytes.count
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
