import Focus

extension String {
    /// The text escaped for an XML 1.0 attribute value.
    ///
    /// Markup characters become entities; line ends and tabs become character references,
    /// since a parser would turn them into spaces in an attribute; characters XML 1.0 cannot
    /// hold at all (other control characters, U+FFFE, U+FFFF) become U+FFFD.
    var xmlAttributeEscaped: String { xmlEscaped(keepingWhitespace: false) }

    /// The text escaped for XML 1.0 element content: as ``xmlAttributeEscaped``, but line
    /// feeds and tabs stay as they are, so a report stays readable in the file. A carriage
    /// return stays a reference, since a parser would drop it.
    var xmlTextEscaped: String { xmlEscaped(keepingWhitespace: true) }

    private func xmlEscaped(keepingWhitespace: Bool) -> String {
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n" where !keepingWhitespace: escaped += "&#10;"
            case "\t" where !keepingWhitespace: escaped += "&#9;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case "\r": escaped += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
