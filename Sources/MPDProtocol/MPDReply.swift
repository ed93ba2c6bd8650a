/// A successful reply in MPD's format: `NAME: VALUE` lines, then `OK` (or `list_OK` inside
/// a separated command list). A value is one line: its line breaks become spaces, so a tag
/// cannot forge a reply line.
public struct MPDReply: Equatable, Sendable {
    /// The fields, in order (names may repeat: one `file:` per song).
    public var fields: [(name: String, value: String)]

    /// A reply of `fields`.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Adds a field.
    public mutating func append(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// The reply's lines, without the `OK` that ends it.
    public var text: String {
        var text = ""
        for field in fields {
            text += field.name + ": " + String(field.value.map { $0 == "\n" || $0 == "\r" ? " " : $0 }) + "\n"
        }
        return text
    }

    public static func == (lhs: MPDReply, rhs: MPDReply) -> Bool {
        lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}
