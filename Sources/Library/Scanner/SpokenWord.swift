/// Decides which tracks are spoken word (podcast episodes, audiobook chapters) rather than
/// music: they play in mode `spokenAudio` and are browsed under Podcasts & Books.
public enum SpokenWord {
    private static let genres: Set<String> = ["podcast", "podcasts", "audiobook", "audiobooks", "speech", "spoken word"]
    private static let folders: Set<String> = ["podcasts", "audiobooks"]

    /// Whether a track is spoken word: an `.m4b` file (the audiobook container), one of its
    /// genres is Podcast, Audiobook, Speech or Spoken Word, or a folder of its path inside
    /// the music directory is named Podcasts or Audiobooks (all case-insensitive).
    /// - Parameters:
    ///   - genre: the genre tag, possibly several genres joined by `,` `;` or `/`.
    ///   - relativePath: the file's path relative to the music directory.
    static func isSpokenWord(genre: String?, relativePath: String) -> Bool {
        if isBookFile(relativePath) { return true }
        if let genre {
            let names = genre.split(whereSeparator: { ",;/".contains($0) })
            if names.contains(where: { genres.contains(normalized($0)) }) { return true }
        }
        return relativePath.split(separator: "/").dropLast().contains { folders.contains(normalized($0)) }
    }

    /// Whether `path` names an `.m4b` file, which holds an audiobook by its kind alone.
    public static func isBookFile(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".m4b")
    }

    /// `name` lower-cased without surrounding white space.
    static func normalized(_ name: Substring) -> String {
        var trimmed = name
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        return trimmed.lowercased()
    }
}
