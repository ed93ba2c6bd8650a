extension JSONRPCCodec {
    /// The deepest a request may nest arrays and objects.
    ///
    /// No method's params come near it. Refusing deeper lines before parsing keeps the
    /// recursive parser and ``JSONValue``'s decoder far from the end of the stack, and keeps
    /// Foundation's parser away from its own limit of 512 levels: on Linux (Swift 6.3) it
    /// traps instead of throwing when the line ends right after the 513th `[`.
    public static let maximumNestingDepth = 128

    /// Whether `line` opens arrays or objects more than ``maximumNestingDepth`` deep.
    ///
    /// Counts brackets outside strings only, the way the parser will see them up to its
    /// first error, so the count is never below the parser's depth.
    static func nestsTooDeeply(_ line: [UInt8]) -> Bool {
        // A line shorter than the limit cannot open that many brackets.
        guard line.count > maximumNestingDepth else { return false }
        var depth = 0
        var inString = false
        var escaped = false
        for byte in line {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumNestingDepth { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(depth - 1, 0)
            default:
                break
            }
        }
        return false
    }
}
