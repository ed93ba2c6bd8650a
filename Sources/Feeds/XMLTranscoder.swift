import TextEncodings

/// Brings an XML document's bytes to UTF-8 ahead of the tokenizer, as they arrive.
///
/// The encoding is decided from the document's first bytes, held until they tell: a
/// byte-order mark (UTF-8, UTF-16 LE or BE) when there is one, since only that encoding
/// begins with those bytes (browsers' rule too); else the `charset` its server named
/// (RFC 7303); else a UTF-16 declaration without a mark (`<?` in either byte order); else the
/// XML declaration's `encoding`; else UTF-8. The declaration stays in what is handed on,
/// where the tokenizer passes over it, so what it says of the original bytes misleads no one.
/// UTF-8 is handed on as it came; anything else goes through iconv (``UTF8Transcoder``), a
/// character split between two pieces carried over, and what cannot be read in the encoding
/// becomes U+FFFD.
struct XMLTranscoder {
    /// The most bytes held while the XML declaration is looked for: it is short, and one
    /// that does not end by then is no declaration.
    static let maximumDeclarationBytes = 1_024

    /// How the bytes are handed on once the encoding is known.
    private enum Route {
        /// Not known yet: the first bytes are held in ``held``.
        case undecided
        case utf8
        case converted(UTF8Transcoder)
    }

    /// The `charset` the server named, if any.
    private let charset: String?
    private var held: [UInt8] = []
    private var route = Route.undecided

    /// A transcoder for a document its server said is in `charset` (`nil` when it did not).
    init(charset: String?) {
        self.charset = charset?.isEmpty == false ? charset : nil
    }

    /// Hands the next bytes of the document to `tokenizer`, in UTF-8.
    /// - Throws: ``FeedError/unknownEncoding(_:)`` when the encoding named cannot be read.
    mutating func feed(_ bytes: some Sequence<UInt8>, to tokenizer: inout XMLTokenizer) throws(FeedError) {
        switch route {
        case .utf8: tokenizer.append(bytes)
        case .converted(let transcoder): tokenizer.append(transcoder.convert(Array(bytes)))
        case .undecided:
            held.append(contentsOf: bytes)
            try decide(final: false, tokenizer: &tokenizer)
        }
    }

    /// Hands what is left to `tokenizer` at the document's end.
    /// - Throws: ``FeedError/unknownEncoding(_:)`` when the encoding named cannot be read.
    mutating func finish(to tokenizer: inout XMLTokenizer) throws(FeedError) {
        if case .undecided = route { try decide(final: true, tokenizer: &tokenizer) }
        if case .converted(let transcoder) = route { tokenizer.append(transcoder.finish()) }
    }

    /// Chooses the encoding once the held bytes tell it (or the document ended), then hands
    /// them on.
    private mutating func decide(final: Bool, tokenizer: inout XMLTokenizer) throws(FeedError) {
        guard let (encoding, markLength) = try sniff(final: final) else { return }
        let rest = held[markLength...]
        if encoding.isUTF8 {
            route = .utf8
            tokenizer.append(rest)
        } else {
            let transcoder = UTF8Transcoder(from: encoding)
            route = .converted(transcoder)
            tokenizer.append(transcoder.convert(rest))
        }
        held = []
    }

    private static let byteOrderMarks: [(bytes: [UInt8], name: String)] = [
        ([0xEF, 0xBB, 0xBF], "UTF-8"), ([0xFF, 0xFE], "UTF-16LE"), ([0xFE, 0xFF], "UTF-16BE"),
    ]
    /// `<?` in UTF-16 without a byte-order mark.
    private static let unmarkedUTF16: [(bytes: [UInt8], name: String)] = [
        ([0x3C, 0x00, 0x3F, 0x00], "UTF-16LE"), ([0x00, 0x3C, 0x00, 0x3F], "UTF-16BE"),
    ]
    private static let declarationStart = Array("<?xml".utf8)

    /// The encoding and the length of the byte-order mark to drop; `nil` while the held
    /// bytes cannot tell yet.
    private func sniff(final: Bool) throws(FeedError) -> (TextEncoding, Int)? {
        for mark in Self.byteOrderMarks where held.starts(with: mark.bytes) {
            return (Self.encoding(mark.name), mark.bytes.count)
        }
        if !final, Self.byteOrderMarks.contains(where: { isUnfinishedPrefix(of: $0.bytes) }) { return nil }
        if let charset { return (try Self.encoding(named: charset), 0) }
        for pattern in Self.unmarkedUTF16 where held.starts(with: pattern.bytes) {
            return (Self.encoding(pattern.name), 0)
        }
        if !final, Self.unmarkedUTF16.contains(where: { isUnfinishedPrefix(of: $0.bytes) }) { return nil }
        // Sloppy feeds put white space before the declaration; it still says the encoding.
        guard let first = held.firstIndex(where: { !XMLText.isSpace($0) }) else {
            return final || held.count >= Self.maximumDeclarationBytes ? (.utf8, 0) : nil
        }
        let rest = held[first...]
        guard rest.starts(with: Self.declarationStart) else {
            let unfinished = rest.count < Self.declarationStart.count && Self.declarationStart.starts(with: rest)
            return !final && unfinished ? nil : (.utf8, 0)
        }
        guard let end = Self.find(Array("?>".utf8), in: rest) else {
            // A declaration that never ends is the tokenizer's to refuse.
            return final || held.count >= Self.maximumDeclarationBytes ? (.utf8, 0) : nil
        }
        guard let name = Self.encodingName(inDeclaration: rest[..<end]) else { return (.utf8, 0) }
        // A declaration read as ASCII cannot be in UTF-16 or UTF-32, whatever it says.
        if name.uppercased().hasPrefix("UTF-16") || name.uppercased().hasPrefix("UTF-32") { return (.utf8, 0) }
        return (try Self.encoding(named: name), 0)
    }

    /// Whether the held bytes are fewer than `bytes` and begin them (more may make them).
    private func isUnfinishedPrefix(of bytes: [UInt8]) -> Bool {
        held.count < bytes.count && bytes.starts(with: held)
    }

    /// The value of the `encoding` pseudo-attribute of an XML declaration (`<?xml version="1.0"
    /// encoding="ISO-8859-1"?>`, without its `?>`), if it has one.
    static func encodingName(inDeclaration declaration: ArraySlice<UInt8>) -> String? {
        guard let key = find(Array("encoding".utf8), in: declaration) else { return nil }
        var index = key + "encoding".utf8.count
        while index < declaration.endIndex, XMLText.isSpace(declaration[index]) { index += 1 }
        guard index < declaration.endIndex, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < declaration.endIndex, XMLText.isSpace(declaration[index]) { index += 1 }
        guard index < declaration.endIndex, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'")
        else { return nil }
        let quote = declaration[index]
        guard let close = declaration[(index + 1)...].firstIndex(of: quote) else { return nil }
        let name = String(decoding: declaration[(index + 1)..<close], as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The encoding named in the document or by its server.
    /// - Throws: ``FeedError/unknownEncoding(_:)`` when iconv cannot read it.
    private static func encoding(named name: String) throws(FeedError) -> TextEncoding {
        guard let encoding = TextEncoding(named: name) else { throw .unknownEncoding(String(name.prefix(64))) }
        return encoding
    }

    /// One of the encodings a byte-order mark names, which iconv always has.
    private static func encoding(_ name: String) -> TextEncoding {
        TextEncoding(named: name) ?? .utf8
    }

    /// Where `needle` first starts in `bytes`.
    private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        var start = bytes.startIndex
        while start + needle.count <= bytes.endIndex {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start += 1
        }
        return nil
    }
}
