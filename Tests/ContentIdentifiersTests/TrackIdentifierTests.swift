import ContentIdentifiers
import Testing

/// ``TrackIdentifier``: the one spelling of a track's identifier.
struct TrackIdentifierTests {
    /// A track's identifier is `rondo:track:` and the 16 hex digits of FNV-1a of its path,
    /// pinned so that identifiers stored by earlier versions stay valid.
    @Test func isTheSchemeAndTheHashOfThePath() {
        #expect(TrackIdentifier.make(path: "/music/Artist/Album/01 Song.mp3") == "rondo:track:ee00347208da81d2")
        #expect(TrackIdentifier.make(path: "") == "rondo:track:cbf29ce484222325")
    }

    /// Different paths give different identifiers, each starting with the prefix.
    @Test func differsByPath() {
        let first = TrackIdentifier.make(path: "/music/a.mp3")
        let second = TrackIdentifier.make(path: "/music/b.mp3")
        #expect(first != second)
        #expect(first.hasPrefix(TrackIdentifier.prefix) && second.hasPrefix(TrackIdentifier.prefix))
        #expect(first.count == TrackIdentifier.prefix.count + 16)
    }
}
