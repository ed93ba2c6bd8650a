import Library
import RondoTesting

/// A fresh directory holding one database path; ``remove()`` deletes both.
struct DatabaseFixture {
    let directory: TemporaryDirectory
    /// The database file's path (not created until a ``LibraryDatabase`` opens it).
    let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "rondo-library")
        path = directory.appending("state/library.sqlite")
    }

    /// Opens (creating or migrating) the database at ``path``.
    func open() throws -> LibraryDatabase { try LibraryDatabase(path: path) }

    func remove() { directory.remove() }
}

/// A state whose queue holds `count` entries (`/music/track0.mp3` …) with ids 100, 101 …,
/// the first half shuffled in reverse play order, `history` the first three, the middle entry current.
func sampleState(count: Int, savedAt: Double = 1_700_000_000) -> SavedPlaybackState {
    let entries = (0..<count).map { index in
        SavedQueueEntry(id: UInt64(100 + index), path: "/music/track\(index).mp3", collection: "album\(index / 10)")
    }
    return SavedPlaybackState(
        entries: entries,
        playOrder: Array((0..<count).reversed()),
        history: Array((0..<count).reversed().prefix(3)),
        currentIndex: count == 0 ? nil : count / 2,
        position: 12.5,
        playing: true,
        shuffle: "items",
        repeat: "all",
        rate: 1.5,
        feedback: count == 0 ? [:] : ["/music/track0.mp3": TrackFeedback(liked: true)],
        savedAt: savedAt)
}
