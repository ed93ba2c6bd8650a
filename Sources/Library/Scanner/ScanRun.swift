import Foundation
import Synchronization
import TagReading

/// One scan: compares what the walk found with what the library knows, reads what changed,
/// writes batches and removes what is gone.
///
/// A track that embeds no picture is given its folder's cover (``FolderCover``), read once
/// per directory; a directory whose cover came, changed or went since the last scan has its
/// tracks read again.
struct ScanRun {
    let store: LibraryStore
    let reader: any TagReader
    let musicDirectory: String
    let known: KnownFiles
    let walk: DirectoryWalker.Walk
    let full: Bool
    private var summary = ScanSummary()
    private var problemPaths: Set<String> = []
    /// How many of the walk's paths the library knew (as a track, problem or playlist).
    private var knownPathsFound = 0

    init(
        store: LibraryStore, reader: any TagReader, musicDirectory: String, known: KnownFiles,
        walk: DirectoryWalker.Walk, full: Bool
    ) {
        self.store = store
        self.reader = reader
        self.musicDirectory = musicDirectory
        self.known = known
        self.walk = walk
        self.full = full
    }

    mutating func perform(progress: @Sendable (ScanProgress) -> Void) throws(StoreError) -> ScanSummary {
        let audio = walk.files.filter { $0.kind == .audio }
        let playlists = walk.files.filter { $0.kind == .playlist }
        let (coversChanged, coversGone) = changedCovers(audio)
        let toRead = audio.filter { file in
            let path = FilePath(file.path)
            let track = known.tracks[path]
            let problem = track == nil ? known.problems[path] : nil
            if track != nil || problem != nil { knownPathsFound += 1 }
            if full || track == nil && problem == nil { return true }
            if track == file.stamp { return coversChanged.contains(Self.directory(of: file.path)) }
            if problem == file.stamp {
                problemPaths.insert(file.path)
                return false
            }
            return true
        }
        let changedPlaylists = playlists.filter { file in
            let stamp = known.playlists[FilePath(file.path)]
            if stamp != nil { knownPathsFound += 1 }
            return full || stamp != file.stamp
        }
        knownPathsFound += walk.problems.count { known.contains(FilePath($0.path)) }
        let total = audio.count + playlists.count
        var done = total - toRead.count - changedPlaylists.count
        progress(ScanProgress(done: done, total: total))

        var batch: [ScannedFile] = walk.problems
        problemPaths.formUnion(walk.problems.map(\.path))
        var schedule = ListRefreshSchedule(start: Self.now())
        let musicDirectory = musicDirectory
        let covers = FolderCovers(found: walk.covers, reader: reader)
        let reads = ConcurrentTagReads(
            paths: toRead.map(\.path), reader: reader, threadCount: LibraryScanner.readerThreads,
            maximumPending: 2 * LibraryScanner.batchSize
        ) { index, result in Self.scanned(toRead[index], result, musicDirectory: musicDirectory, covers: covers) }
        defer { reads.stop() }
        while let outcomes = reads.take(LibraryScanner.batchSize) {
            for (_, file) in outcomes {
                count(file)
                batch.append(file)
            }
            try store.write(batch)
            batch = []
            let now = Self.now()
            if schedule.isDue(at: now) {
                try store.refreshLists()
                schedule.refreshed(from: now, to: Self.now())
            }
            done += outcomes.count
            progress(ScanProgress(done: done, total: total))
        }
        for playlist in changedPlaylists { batch.append(Self.read(playlist)) }
        problemPaths.formUnion(batch.compactMap { if case .problem(let path, _, _) = $0 { path } else { nil } })
        try store.write(batch)
        let removed = gone()
        try store.recordFolderCovers(
            Dictionary(uniqueKeysWithValues: coversChanged.compactMap { directory in walk.covers[directory].map { (directory, $0.stamp) } }),
            removing: coversGone)
        // Ranks depend on tracks and playlists only: an unchanged rescan leaves them be.
        try store.finishScan(
            removing: removed, refreshingLists: !toRead.isEmpty || !changedPlaylists.isEmpty || !removed.isEmpty,
            finishedAt: Date().timeIntervalSince1970)
        if !changedPlaylists.isEmpty { progress(ScanProgress(done: total, total: total)) }
        summary.problems = problemPaths.count
        return summary
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        ProcessInfo.processInfo.systemUptime
    }

    /// The directories whose cover came or changed since the last scan, and those with
    /// tracks found whose cover went (not those under a directory the walk could not read).
    private func changedCovers(_ audio: [DirectoryWalker.FoundFile]) -> (changed: Set<String>, gone: [String]) {
        var changed: Set<String> = []
        for (directory, cover) in walk.covers where known.covers[directory] != cover.stamp { changed.insert(directory) }
        let withTracks = Set(audio.map { Self.directory(of: $0.path) })
        let gone = known.covers.keys.filter { walk.covers[$0] == nil && withTracks.contains($0) }
        changed.formUnion(gone)
        return (changed, gone)
    }

    /// The directory `path` is in.
    static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The result of reading `file`, ready to write; made on the thread that read it. A
    /// track that embeds no picture gets its folder's cover.
    private static func scanned(
        _ file: DirectoryWalker.FoundFile, _ result: Result<ScannedTags, TagReadFailure>, musicDirectory: String,
        covers: FolderCovers
    ) -> ScannedFile {
        switch result {
        case .success(var tags):
            if tags.artwork == nil { tags.artwork = covers.artwork(of: directory(of: file.path)) }
            let relative = String(file.path.dropFirst(musicDirectory.count))
            return .track(
                ScannedTrack(
                    path: file.path, stamp: file.stamp, tags: tags,
                    isSpokenWord: SpokenWord.isSpokenWord(genre: tags.genre, relativePath: relative)))
        case .failure(let failure):
            return .problem(path: file.path, stamp: file.stamp, reason: failure.description)
        }
    }

    /// Counts a file read in the summary.
    private mutating func count(_ file: ScannedFile) {
        let wasTrack = known.tracks[FilePath(file.path)] != nil
        switch file {
        case .track: if wasTrack { summary.updated += 1 } else { summary.added += 1 }
        case .problem(let path, _, _):
            if wasTrack { summary.removed += 1 }
            problemPaths.insert(path)
        case .playlist: break
        }
    }

    /// Known paths that the walk no longer found, except under directories it could not read.
    private mutating func gone() -> [String] {
        // The walk's paths are distinct and so are the known ones: when as many were found
        // as are known, every known path was.
        guard knownPathsFound < known.count else { return [] }
        let found = Set(walk.files.map { FilePath($0.path) }).union(walk.problems.map { FilePath($0.path) })
        let unreadable = walk.unreadableDirectories.map { Array(($0 + "/").utf8) }
        func isGone(_ path: FilePath) -> Bool {
            !found.contains(path) && !unreadable.contains(where: { path.string.utf8.starts(with: $0) })
        }
        let goneTracks = known.tracks.keys.filter(isGone).map(\.string)
        summary.removed += goneTracks.count
        return goneTracks + (known.problems.keys.filter(isGone) + known.playlists.keys.filter(isGone)).map(\.string)
    }

    /// A playlist's entries, or the problem that keeps it from being read.
    private static func read(_ playlist: DirectoryWalker.FoundFile) -> ScannedFile {
        guard playlist.stamp.size <= PlaylistParser.maximumBytes else {
            return .problem(
                path: playlist.path, stamp: playlist.stamp,
                reason: "playlist larger than \(PlaylistParser.maximumBytes >> 20) MiB; split it into smaller files")
        }
        guard let data = FileManager.default.contents(atPath: playlist.path) else {
            return .problem(path: playlist.path, stamp: playlist.stamp, reason: "unreadable: cannot open the playlist")
        }
        return .playlist(
            path: playlist.path, stamp: playlist.stamp,
            entries: PlaylistParser.entries(of: [UInt8](data), playlistPath: playlist.path))
    }
}

extension ScannedFile {
    /// The file's path.
    var path: String {
        switch self {
        case .track(let track): track.path
        case .problem(let path, _, _), .playlist(let path, _, _): path
        }
    }
}

/// The folder covers of one scan as tracks' artwork: each read (and kept where clients open
/// it) by the first reading thread that needs it, then shared.
///
/// Ownership: the artwork read so far, by directory, under a mutex; a cover is read outside
/// it, so two threads may read one cover at once and keep the same result.
final class FolderCovers: Sendable {
    private let found: [String: DirectoryWalker.FoundCover]
    private let reader: any TagReader
    private let read = Mutex<[String: CatalogArtwork?]>([:])

    /// The covers `found` by the walk, read by `reader`.
    init(found: [String: DirectoryWalker.FoundCover], reader: any TagReader) {
        self.found = found
        self.reader = reader
    }

    /// The artwork of `directory`'s cover; `nil` when it has none or it cannot be read.
    func artwork(of directory: String) -> CatalogArtwork? {
        guard let cover = found[directory] else { return nil }
        if let known = read.withLock({ $0[directory] }) { return known }
        let artwork = reader.folderCover(at: cover.path)
        read.withLock { $0[directory] = artwork }
        return artwork
    }
}
