import Foundation
import ThreadJobs

/// Brings the library in line with the music directory: `library.scan`.
///
/// Incremental: a file whose size and modification time match what the library recorded is
/// not opened (a rescan of an unchanged library reads no tags), unless the scan is `full`.
/// New and changed files are read on ``readerThreads`` threads through the ``TagReader``;
/// files that cannot be read become problems with their reason and the scan goes on. Results
/// are written in transactions of ``batchSize`` files, so readers see the scan progress and a
/// killed scan loses at most one batch; a scan of a path reconciles only files under it.
/// Playlists are read again only when they change. Lists are re-ranked every few seconds of a
/// long scan (``ListRefreshSchedule``) and when the scan ends, together with the removal of
/// files that are gone.
///
/// Thread safety: immutable; scans may run from any thread. Two scans at once are safe for
/// the database but do the same work twice: the caller runs one at a time.
public final class LibraryScanner: Sendable {
    /// Files written per transaction.
    static let batchSize = 500
    /// Threads reading tags: the machines Rondo runs on have two cores or more.
    static let readerThreads = 2

    private let store: LibraryStore
    private let tagReader: any TagReader
    private let musicDirectory: String

    /// Creates a scanner of `musicDirectory` that records what it finds in `store`.
    /// - Parameters:
    ///   - store: the library to update.
    ///   - tagReader: reads each new or changed file.
    ///   - musicDirectory: the music directory; a relative path is taken from the working
    ///     directory.
    public init(store: LibraryStore, tagReader: any TagReader, musicDirectory: String) {
        self.store = store
        self.tagReader = tagReader
        let absolute =
            musicDirectory.hasPrefix("/")
            ? musicDirectory : FileManager.default.currentDirectoryPath + "/" + musicDirectory
        self.musicDirectory = PlaylistParser.normalize(absolute)
    }

    /// Scans `path` (a file or directory inside the music directory, absolute or relative to
    /// it; `nil` for all of it) and reconciles the library with what is there now.
    /// - Parameters:
    ///   - path: what to scan; files the library knows elsewhere are left alone.
    ///   - full: whether to read every file's tags again, changed or not.
    ///   - progress: called on the scanning thread after each batch, first with `done` 0 or
    ///     the number of unchanged files.
    /// - Returns: how many tracks were added, updated and removed, and the problems left.
    /// - Throws: ``ScanError/musicDirectoryMissing(path:)``,
    ///   ``ScanError/outsideMusicDirectory(path:)``, or ``ScanError/store(_:)`` when the
    ///   database fails (batches already written stay).
    public func scan(
        under path: String? = nil, full: Bool = false, progress: @escaping @Sendable (ScanProgress) -> Void
    ) throws(ScanError) -> ScanSummary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: musicDirectory, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .musicDirectoryMissing(path: musicDirectory) }
        let root = try scope(path)
        // The walk waits on the file system and the read of what the library knows on
        // SQLite: with two cores they overlap.
        let store = store
        let prefix = root == musicDirectory ? nil : root
        let known = ThreadedValue(name: "library known files") {
            Result { () throws(StoreError) in try store.knownFiles(under: prefix) }
        }
        let walk = DirectoryWalker().walk(root)
        do {
            var run = ScanRun(
                store: store, reader: tagReader, musicDirectory: musicDirectory, known: try known.wait().get(),
                walk: walk, full: full)
            return try run.perform(progress: progress)
        } catch {
            throw .store(error)
        }
    }

    /// The absolute, normalised path `path` names inside the music directory.
    private func scope(_ path: String?) throws(ScanError) -> String {
        guard let path else { return musicDirectory }
        let absolute = PlaylistParser.normalize(path.hasPrefix("/") ? path : musicDirectory + "/" + path)
        guard absolute == musicDirectory || absolute.hasPrefix(musicDirectory == "/" ? "/" : musicDirectory + "/")
        else { throw .outsideMusicDirectory(path: path) }
        return absolute
    }
}
