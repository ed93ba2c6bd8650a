import TextEncodings

/// A feed's descriptions as plain text: publishers put HTML in them (escaped or in CDATA),
/// which a car's screen shows as text. Tags go (a block's edge leaves a space), the common
/// HTML entities are decoded, runs of white space become one space, control characters
/// (a terminal's escape sequences among them) go, and the text is cut at a limit.
enum PlainText {
    /// A title or a name as plain text: control characters removed (a line break or a tab
    /// becomes a space), trimmed, and cut at ``FeedParser/maximumFieldCharacters``; `nil`
    /// when nothing is left.
    static func line(_ text: String) -> String? {
        FeedParser.field(ControlCharacters.stripped(text))
    }

    private static let entities: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'", "mdash": "—",
        "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
    ]

    /// `html` as plain text of at most `limit` characters (an ellipsis ends a cut one);
    /// `nil` when nothing is left.
    static func from(html: String, limit: Int) -> String? {
        var text = ""
        var pendingSpace = false
        var index = html.startIndex
        var kept = 0
        func add(_ piece: String) {
            for character in piece {
                if character.isWhitespace {
                    pendingSpace = !text.isEmpty
                    continue
                }
                if pendingSpace {
                    text.append(" ")
                    kept += 1
                    pendingSpace = false
                }
                text.append(character)
                kept += 1
            }
        }
        while index < html.endIndex, kept <= limit {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                // A block's edge separates words; an inline tag (`<b>`, `<a>`) does not.
                if isBlock(html[html.index(after: index)..<close]) { pendingSpace = pendingSpace || !text.isEmpty }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";"),
                let decoded = entity(html[html.index(after: index)..<semicolon])
            {
                add(decoded)
                index = html.index(after: semicolon)
            } else {
                add(String(character))
                index = html.index(after: index)
            }
        }
        // References (`&#27;`) decode to controls too, so they are removed last.
        text = ControlCharacters.stripped(text).trimmingXMLSpace
        guard !text.isEmpty else { return nil }
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private static let blocks: Set<String> = [
        "p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "blockquote", "hr",
    ]

    /// Whether a tag's inside (`p class="x"`, `/li`, `br/`) names a block element.
    private static func isBlock(_ tag: Substring) -> Bool {
        let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
        return blocks.contains(name)
    }

    private static func entity(_ name: Substring) -> String? {
        if let known = entities[name] { return known }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
