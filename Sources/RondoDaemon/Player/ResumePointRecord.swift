import Synchronization

/// The spoken-word file and position last handed over to be written as its resume point,
/// shared by the player's actor (a pause, an end) and the writer thread (while it plays),
/// so neither writes a point the other has just written.
final class ResumePointRecord: Sendable {
    private let saved = Mutex<(path: String, position: Double)?>(nil)

    /// Records `position` of `path` as the resume point to write, unless the one last
    /// recorded for `path` is within `margin` seconds of it.
    /// - Returns: whether the caller should write it.
    func claim(_ path: String, at position: Double, unlessWithin margin: Double) -> Bool {
        saved.withLock { saved in
            if let saved, saved.path == path, abs(saved.position - position) < margin { return false }
            saved = (path, position)
            return true
        }
    }

    /// Records `position` of `path` as the resume point written.
    func record(_ path: String, at position: Double) {
        saved.withLock { $0 = (path, position) }
    }
}
