import Glibc

/// What tells the scanner a file changed without opening it: its size and modification time.
struct FileStamp: Equatable, Sendable {
    /// Size in bytes.
    var size: Int64
    /// Modification time in nanoseconds since the Unix epoch.
    var modified: Int64
}

extension FileStamp {
    /// The stamp of the file `info` describes (`stat`).
    init(_ info: stat) {
        self.init(size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

/// The files under one part of the music directory that the store knows from earlier scans.
struct KnownFiles: Sendable {
    /// Library tracks by path.
    var tracks: [FilePath: FileStamp] = [:]
    /// Problem files by path.
    var problems: [FilePath: FileStamp] = [:]
    /// Playlists by path.
    var playlists: [FilePath: FileStamp] = [:]
    /// Folder covers (``FolderCover``) by their directory.
    var covers: [String: FileStamp] = [:]

    /// How many paths are known.
    var count: Int { tracks.count + problems.count + playlists.count }

    /// Whether `path` is known as a track, a problem or a playlist.
    func contains(_ path: FilePath) -> Bool {
        tracks[path] != nil || problems[path] != nil || playlists[path] != nil
    }
}

/// What the scanner learned about one file, for ``LibraryStore/write(_:)``.
enum ScannedFile: Sendable {
    /// A readable audio file and its tags.
    case track(ScannedTrack)
    /// A file that cannot be part of the library, and why.
    case problem(path: String, stamp: FileStamp, reason: String)
    /// A playlist file and the absolute paths it lists, in order.
    case playlist(path: String, stamp: FileStamp, entries: [String])
}
