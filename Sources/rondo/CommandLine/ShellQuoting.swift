extension String {
    /// The text as one single-quoted word of a POSIX shell, zsh or fish: `it's` becomes
    /// `'it'\''s'` (fish: `'it\'s'`).
    func singleQuoted(forFish: Bool = false) -> String {
        if forFish {
            return "'" + replacingOccurrences("\\", with: "\\\\").replacingOccurrences("'", with: "\\'") + "'"
        }
        return "'" + replacingOccurrences("'", with: "'\\''") + "'"
    }

    /// The text with every `target` replaced, without Foundation (the CLI starts faster
    /// without it).
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
