/// Removes what must never reach a title, a name or a terminal from text that came from
/// outside (stations, tags, feeds): C0 and C1 control characters and DEL, and whole terminal
/// escape sequences.
public enum ControlCharacters {
    /// `text` without control characters: a whitespace control (tab, line feed, vertical tab,
    /// form feed, carriage return, U+0085) becomes one space, unless a space is already there;
    /// an escape sequence (`ESC [ … final`, `ESC ] … BEL or ST`, `ESC` and one character, or
    /// the 8-bit CSI and OSC) is removed whole; every other control is removed.
    public static func stripped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x09...0x0D, 0x85:
                if let last = result.last, last != " " { result.append(" ") }
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B:
                skipControlSequence(&scalars)
            case 0x9D:
                skipStringCommand(&scalars)
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func skipEscapeSequence(_ scalars: inout Substring.UnicodeScalarView) {
        guard let next = scalars.popFirst() else { return }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipStringCommand(&scalars)
        default: return
        }
    }

    /// Parameters and intermediates up to the final byte (0x40–0x7E) of a CSI sequence; a
    /// character that cannot belong to one ends it and is kept.
    private static func skipControlSequence(_ scalars: inout Substring.UnicodeScalarView) {
        while let scalar = scalars.first {
            guard (0x20...0x7E).contains(scalar.value) else { return }
            scalars.removeFirst()
            if scalar.value >= 0x40 { return }
        }
    }

    /// An OSC or other string command, ended by BEL or ST (`ESC \` or U+009C).
    private static func skipStringCommand(_ scalars: inout Substring.UnicodeScalarView) {
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                if scalars.first == "\\" { scalars.removeFirst() }
                return
            default: continue
            }
        }
    }
}
