import Testing

@testable import Library

/// Which tracks are spoken word: by genre, by a Podcasts or Audiobooks folder, or as an
/// `.m4b` file, the audiobook container.
struct SpokenWordTests {
    @Test(
        arguments: [
            (nil, "Books/Moby Dick.m4b", true), (nil, "Books/Moby Dick.M4B", true), ("Rock", "a/b.m4b", true),
            ("Audiobook", "Music/a.mp3", true), ("Rock; Spoken Word", "a.flac", true), (nil, "Podcasts/Show/ep.mp3", true),
            (nil, "Music/audiobooks.mp3", false), ("Rock", "Music/a.m4a", false), (nil, "a.m4b.mp3", false),
        ] as [(String?, String, Bool)])
    func decides(genre: String?, path: String, spoken: Bool) {
        #expect(SpokenWord.isSpokenWord(genre: genre, relativePath: path) == spoken)
    }
}
