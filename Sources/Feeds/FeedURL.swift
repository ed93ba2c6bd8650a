/// URLs in feeds: enclosures and images are often relative (`/audio/1.mp3`,
/// `episodes/1.mp3`) or scheme-relative (`//cdn.example/1.mp3`), and sometimes not web
/// addresses at all. Only http and https are kept.
enum FeedURL {
    /// `reference` made absolute against `base` (an http(s) URL); `nil` when it is empty,
    /// of another scheme, or longer than ``FeedParser/maximumFieldCharacters``.
    static func resolve(_ reference: String, against base: String) -> String? {
        guard !reference.isEmpty, reference.utf8.count <= FeedParser.maximumFieldCharacters else { return nil }
        if let scheme = scheme(of: reference) {
            return scheme == "http" || scheme == "https" ? reference : nil
        }
        guard let baseScheme = scheme(of: base), baseScheme == "http" || baseScheme == "https" else { return nil }
        let afterScheme = base.index(base.startIndex, offsetBy: baseScheme.count + 3)
        let authorityEnd = base[afterScheme...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? base.endIndex
        let origin = base[..<authorityEnd]
        if reference.hasPrefix("//") { return baseScheme + ":" + reference }
        if reference.hasPrefix("/") { return origin + reference }
        let pathEnd = base[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? base.endIndex
        let path = base[authorityEnd..<pathEnd]
        let directory = path.lastIndex(of: "/").map { path[...$0] } ?? "/"
        return origin + directory + reference
    }

    /// The lowercased scheme of an absolute URL (`http` of `http://…`); `nil` for a relative one.
    private static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
        let candidate = text[..<colon]
        guard candidate.first?.isLetter == true,
            candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        let scheme = candidate.lowercased()
        // `http:` alone must be followed by `//` to be absolute here.
        return text[colon...].hasPrefix("://") || (scheme != "http" && scheme != "https") ? scheme : nil
    }
}
