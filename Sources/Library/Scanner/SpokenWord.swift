/// Decides which tracks are spoken word (podcast episodes, audiobook chapters) rather than
/// music: they play in mode `spokenAudio` and are browsed under Podcasts & Books.
enum SpokenWord {
    private static let genres: Set<String> = ["podcast", "podcasts", "audiobook", "audiobooks", "speech", "spoken word"]
    private static let folders: Set<String> = ["podcasts", "audiobooks"]

    /// Whether a track is spoken word: one of its genres is Podcast, Audiobook, Speech or
    /// Spoken Word, or a folder of its path inside the music directory is named Podcasts or
    /// Audiobooks (both case-insensitive).
    /// - Parameters:
    ///   - genre: the genre tag, possibly several genres joined by `,` `;` or `/`.
    ///   - relativePath: the file's path relative to the music directory.
    static func isSpokenWord(genre: String?, relativePath: String) -> Bool {
        if let genre {
            let names = genre.split(whereSeparator: { ",;/".contains($0) })
            if names.contains(where: { genres.contains(normalized($0)) }) { return true }
        }
        return relativePath.split(separator: "/").dropLast().contains { folders.contains(normalized($0)) }
    }

    /// `name` lower-cased without surrounding white space.
    static func normalized(_ name: Substring) -> String {
        var trimmed = name
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        return trimmed.lowercased()
    }
}
