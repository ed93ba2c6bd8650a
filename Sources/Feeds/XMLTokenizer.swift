/// A push tokenizer for the XML of feeds: bytes go in as they arrive (``append(_:)``),
/// ``next()`` hands out each token once it is whole, and only the unfinished tail is kept,
/// so memory stays within ``maximumTokenBytes`` (twice, while compacting) whatever the
/// document's size.
///
/// It refuses what feeds never need and hostile documents rely on: a DOCTYPE with an
/// internal subset, so no entity is ever declared, expanded or fetched. It knows the five
/// predefined entities and character references; another `&name;` (an HTML `&nbsp;` in a
/// sloppy feed) is kept as written. End tags must match their start tags.
struct XMLTokenizer {
    /// The longest tag, text, comment or CDATA section held.
    static let maximumTokenBytes = 1 << 20
    /// The deepest nesting of elements followed.
    static let maximumDepth = 256

    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes dropped from the front of ``buffer``, so offsets count from the document's start.
    private var dropped = 0
    private var isFinished = false
    /// The names of the open elements, innermost last.
    private var open: [String] = []
    /// The end of an empty-element tag, handed out right after its start.
    private var pendingEnd: String?

    /// Adds the next bytes of the document.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        if position > 64 * 1024, position * 2 > buffer.count {
            buffer.removeFirst(position)
            dropped += position
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Says the document has no more bytes: what is left must make whole tokens.
    mutating func finish() {
        isFinished = true
    }

    /// The next whole token; `nil` when more bytes are needed, or at the end of a finished
    /// document.
    /// - Throws: ``XMLRefusal`` for a document it will not read further.
    mutating func next() throws(XMLRefusal) -> XMLToken? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        while position < buffer.count {
            guard buffer[position] == UInt8(ascii: "<") else { return try text() }
            guard let token = try markup() else {
                if position < buffer.count { return nil }
                break
            }
            if case .skip = token { continue }
            if case .token(let token) = token { return token }
        }
        if isFinished, !open.isEmpty { throw .truncated }
        return nil
    }

    // MARK: Text

    private mutating func text() throws(XMLRefusal) -> XMLToken? {
        let end: Int
        if let lessThan = buffer[position...].firstIndex(of: UInt8(ascii: "<")) {
            end = lessThan
        } else {
            guard isFinished else { return try waiting(since: position) }
            end = buffer.count
        }
        let run = buffer[position..<end]
        position = end
        return .text(XMLText.decode(run))
    }

    /// Nothing yet: the token from `start` is not whole. Refuses one that grew too long.
    private func waiting(since start: Int) throws(XMLRefusal) -> XMLToken? {
        if isFinished { throw .truncated }
        if buffer.count - start > Self.maximumTokenBytes { throw .tooLong(limit: Self.maximumTokenBytes) }
        return nil
    }

    // MARK: Markup

    /// What a piece of markup gave.
    private enum Markup {
        case token(XMLToken)
        /// A comment, a processing instruction or a DOCTYPE: nothing to hand on.
        case skip
    }

    /// Reads the markup at ``position``; `nil` when it is not whole yet.
    private mutating func markup() throws(XMLRefusal) -> Markup? {
        // Too few bytes to tell a comment, a CDATA section and a declaration apart yet.
        if !isFinished, buffer.count - position < 9 { return nil }
        if starts(with: "<!--") { return try skip(until: "-->", from: position + 4) }
        if starts(with: "<![CDATA[") {
            guard let end = find("]]>", from: position + 9) else { return try waiting(since: position).map(Markup.token) }
            let content = String(decoding: buffer[(position + 9)..<end], as: UTF8.self)
            position = end + 3
            return .token(.text(content))
        }
        if starts(with: "<!") { return try declaration() }
        if starts(with: "<?") { return try skip(until: "?>", from: position + 2) }
        guard let close = tagEnd(from: position + 1) else { return try waiting(since: position).map(Markup.token) }
        let tag = buffer[(position + 1)..<close]
        let offset = dropped + position
        position = close + 1
        if tag.first == UInt8(ascii: "/") { return .token(try endTag(tag.dropFirst(), offset: offset)) }
        return .token(try startTag(tag, offset: offset))
    }

    private mutating func skip(until terminator: String, from start: Int) throws(XMLRefusal) -> Markup? {
        guard let end = find(terminator, from: start) else { return try waiting(since: position).map(Markup.token) }
        position = end + terminator.utf8.count
        return .skip
    }

    /// A `<!DOCTYPE …>` without an internal subset is passed over; one with an internal
    /// subset is refused before any of it is read.
    private mutating func declaration() throws(XMLRefusal) -> Markup? {
        var index = position + 2
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "["): throw .declaresEntities
            case UInt8(ascii: ">"):
                position = index + 1
                return .skip
            default: index += 1
            }
        }
        return try waiting(since: position).map(Markup.token)
    }

    private mutating func endTag(_ tag: ArraySlice<UInt8>, offset: Int) throws(XMLRefusal) -> XMLToken {
        let name = String(decoding: tag, as: UTF8.self).trimmingXMLSpace
        guard let innermost = open.last else { throw .malformed("an end tag </\(name)> with no element open", offset: offset) }
        guard innermost == name else { throw .malformed("</\(name)> closes <\(innermost)>", offset: offset) }
        open.removeLast()
        return .end(name: name)
    }

    private mutating func startTag(_ tag: ArraySlice<UInt8>, offset: Int) throws(XMLRefusal) -> XMLToken {
        var body = tag
        let isEmpty = body.last == UInt8(ascii: "/")
        if isEmpty { body = body.dropLast() }
        let (name, attributes) = try XMLText.startTag(body, offset: offset)
        if isEmpty {
            pendingEnd = name
        } else {
            guard open.count < Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth) }
            open.append(name)
        }
        return .start(name: name, attributes: attributes)
    }

    // MARK: Searching

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard buffer.count - position >= count else { return false }
        return prefix.withUTF8Buffer { buffer[position..<(position + count)].elementsEqual($0) }
    }

    /// The index where `terminator` starts at or after `start`.
    private func find(_ terminator: String, from start: Int) -> Int? {
        let bytes = Array(terminator.utf8)
        var index = start
        while index + bytes.count <= buffer.count {
            guard let first = buffer[index...].firstIndex(of: bytes[0]) else { return nil }
            guard first + bytes.count <= buffer.count else { return nil }
            if buffer[first..<(first + bytes.count)].elementsEqual(bytes) { return first }
            index = first + 1
        }
        return nil
    }

    /// The `>` that ends the tag starting after `start`, outside quoted attribute values.
    private func tagEnd(from start: Int) -> Int? {
        var quote: UInt8?
        for index in start..<buffer.count {
            let byte = buffer[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return nil
    }
}
