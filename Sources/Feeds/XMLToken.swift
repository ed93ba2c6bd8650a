/// One piece of an XML document as ``XMLTokenizer`` hands it on.
enum XMLToken: Equatable {
    /// A start tag (an empty-element tag gives a start and an end): its qualified name as
    /// written and its attributes in order, values with their references decoded.
    case start(name: String, attributes: [XMLAttribute])
    /// An end tag, by its qualified name as written.
    case end(name: String)
    /// Character data, references decoded; a CDATA section's content as it is.
    case text(String)
}

/// One attribute of a start tag.
struct XMLAttribute: Equatable {
    /// Its qualified name as written (`xmlns:itunes`, `href`).
    var name: String
    var value: String
}

/// Why a document was refused.
public enum XMLRefusal: Error, Equatable, Sendable {
    /// A document type declaration with an internal subset: it could declare entities
    /// (a "billion laughs") or external ones, and feeds need neither.
    case declaresEntities
    /// A tag, a text or a comment longer than the tokenizer holds.
    case tooLong(limit: Int)
    /// Elements nested deeper than the tokenizer follows.
    case tooDeep(limit: Int)
    /// Markup that is not XML, at a byte offset.
    case malformed(String, offset: Int)
    /// The document ended inside markup or with elements open.
    case truncated
}

extension XMLRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .declaresEntities: "it declares entities (a DOCTYPE with an internal subset), which feeds never need"
        case .tooLong(let limit): "a tag or text passes \(limit / 1024) KiB"
        case .tooDeep(let limit): "elements nest deeper than \(limit)"
        case .malformed(let what, let offset): "\(what) at byte \(offset)"
        case .truncated: "it ends inside an element"
        }
    }
}
