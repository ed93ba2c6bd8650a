import Glibc

/// A character encoding that text from outside declares (an HTTP `charset`, an XML prolog's
/// `encoding`, MPD's `#charset=` hint), read through the C library's iconv.
///
/// A name is accepted when iconv can convert from it to UTF-8, so every IANA name and alias
/// the system knows works ("ISO-8859-1", "latin1", "cp1251", "Shift_JIS", "UTF-16", …), and
/// none of the tables is Rondo's own.
public struct TextEncoding: Hashable, Sendable, CustomStringConvertible {
    /// The name as declared, trimmed; iconv is asked for it as written.
    public let name: String

    /// UTF-8, the encoding assumed where none is declared.
    public static let utf8 = TextEncoding(checkedName: "UTF-8")

    /// Windows-1252, the fallback for undeclared text that is not UTF-8, as MPD's and browsers'.
    public static let windows1252 = TextEncoding(checkedName: "WINDOWS-1252")

    /// The encoding named `name`, or nil when iconv cannot convert from it.
    /// - Parameter name: an IANA name or alias, in any case, with surrounding spaces or quotes.
    public init?(named name: String) {
        let trimmed = String(name.unicodeScalars.filter { !" \t\"'".unicodeScalars.contains($0) })
        guard !trimmed.isEmpty, trimmed.utf8.count < 64, !trimmed.contains("/") else { return nil }
        let descriptor = iconv_open("UTF-8", trimmed)
        guard !Self.isFailedOpen(descriptor) else { return nil }
        iconv_close(descriptor)
        self.name = trimmed
    }

    private init(checkedName: String) {
        name = checkedName
    }

    public var description: String { name }

    /// Whether this is UTF-8 by any of its names, so the bytes need no conversion.
    public var isUTF8: Bool {
        let folded = name.uppercased()
        return folded == "UTF-8" || folded == "UTF8"
    }

    /// The bytes read in this encoding, or nil when they are not valid in it.
    public func decode(_ bytes: some Collection<UInt8>) -> String? {
        if isUTF8 { return String(validating: bytes, as: UTF8.self) }
        let transcoder = UTF8Transcoder(from: self, strict: true)
        var output = transcoder.convert(bytes)
        output += transcoder.finish()
        guard !transcoder.sawInvalidInput else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `descriptor` is what `iconv_open` returns when it fails: `(iconv_t) -1`.
    static func isFailedOpen(_ descriptor: iconv_t?) -> Bool {
        descriptor == iconv_t(bitPattern: -1)
    }
}
