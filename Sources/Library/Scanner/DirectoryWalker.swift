import Glibc
import TagReading

/// Finds the audio and playlist files under a path, following symbolic links to files and
/// directories.
///
/// Never fails and never loops: each directory is entered once, by its device and inode, so
/// a symbolic link back to an ancestor (or two links to one directory) is walked once.
/// Directories that cannot be opened and names that are not UTF-8 (which no client could be
/// sent) become problems; hidden entries (`.name`) and other files are ignored. Entries are
/// visited in bytewise name order, so a walk is deterministic.
struct DirectoryWalker {
    /// A file the walk found.
    struct FoundFile: Equatable {
        enum Kind { case audio, playlist }
        let path: String
        let stamp: FileStamp
        let kind: Kind
    }

    /// Everything one walk found.
    struct Walk {
        var files: [FoundFile] = []
        /// Names that are not UTF-8 and directories that cannot be read.
        var problems: [ScannedFile] = []
        /// Directories that could not be listed: what the library knows under them stays.
        var unreadableDirectories: [String] = []
        /// Whether the walk stopped at ``DirectoryWalker/limit`` files, with more to find.
        var stoppedAtLimit = false
    }

    /// How many files a walk finds before it stops; `nil` for no limit.
    var limit: Int?

    private struct DirectoryID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// Walks `root`, a directory or a single file; a missing root yields nothing.
    func walk(_ root: String) -> Walk {
        var walk = Walk()
        var info = stat()
        guard stat(root, &info) == 0 else { return walk }
        if info.st_mode & S_IFMT != S_IFDIR {
            if let kind = Self.kind(of: Array(root.utf8)), info.st_mode & S_IFMT == S_IFREG {
                walk.files.append(FoundFile(path: root, stamp: Self.stamp(info), kind: kind))
            }
            return walk
        }
        var visited: Set<DirectoryID> = [DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))]
        var pending = [root]
        while let directory = pending.popLast() {
            var subdirectories: [String] = []
            list(directory, into: &walk, subdirectories: &subdirectories, visited: &visited)
            pending += subdirectories.reversed()
            if let limit, walk.files.count > limit {
                walk.files.removeLast(walk.files.count - limit)
                walk.stoppedAtLimit = true
                break
            }
        }
        return walk
    }

    private func list(
        _ directory: String, into walk: inout Walk, subdirectories: inout [String], visited: inout Set<DirectoryID>
    ) {
        guard let stream = opendir(directory) else {
            let reason = String(cString: strerror(errno))
            walk.problems.append(
                .problem(
                    path: directory, stamp: FileStamp(size: 0, modified: 0),
                    reason: "unreadable directory: \(reason); check its permissions"))
            walk.unreadableDirectories.append(directory)
            return
        }
        defer { closedir(stream) }
        // Each name keeps its NUL, so it can be passed to fstatat as it is; the names sort
        // in the same order with it.
        var names: [(bytes: [UInt8], type: UInt8)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                Array(bytes[...(bytes.firstIndex(of: 0) ?? bytes.count - 1)])
            }
            guard name.first != UInt8(ascii: ".") else { continue }
            names.append((name, entry.pointee.d_type))
        }
        names.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        let descriptor = dirfd(stream)
        let directoryBytes = Array(directory.utf8) + [UInt8(ascii: "/")]
        for (name, type) in names {
            let bare = name.dropLast()
            let kind = Self.kind(of: bare)
            let isRegular = type == UInt8(DT_REG)
            guard kind != nil || !isRegular else { continue }
            // Relative to the open directory: the kernel looks up one name, not the whole path.
            var info = stat()
            let found = name.withUnsafeBytes { fstatat(descriptor, $0.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0) == 0 }
            let format = found ? info.st_mode & S_IFMT : 0
            guard format == S_IFDIR || kind != nil else { continue }
            let pathBytes = directoryBytes + bare
            guard let path = String(validating: pathBytes, as: UTF8.self) else {
                walk.problems.append(
                    .problem(
                        path: String(decoding: pathBytes, as: UTF8.self), stamp: FileStamp(size: 0, modified: 0),
                        reason: "file name is not valid UTF-8; rename it (for example with convmv -t utf8)"))
                continue
            }
            switch format {
            case S_IFDIR:
                let id = DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                if visited.insert(id).inserted { subdirectories.append(path) }
            case S_IFREG:
                if let kind { walk.files.append(FoundFile(path: path, stamp: Self.stamp(info), kind: kind)) }
            case 0:
                walk.problems.append(
                    .problem(
                        path: path, stamp: FileStamp(size: 0, modified: 0),
                        reason: "unreadable: \(String(cString: strerror(errno))) (a broken symbolic link?)"))
            default:
                // A named pipe, device or socket under an audio name: reading it could block
                // or never end, so it is listed, never opened.
                walk.problems.append(
                    .problem(
                        path: path, stamp: Self.stamp(info),
                        reason: "not a regular file (a named pipe, device or socket); Rondo reads regular files only"))
            }
        }
    }

    /// The extensions of audio files (``AudioFileExtensions``), the formats the tag reader
    /// knows; it picks the reader by the file's content, so a file named for one of them may
    /// hold another.
    static let audioExtensions = AudioFileExtensions.all.map { Array(".\($0)".utf8) }

    /// What a file name's extension says the file is: audio (``audioExtensions``) or an
    /// `.m3u`/`.m3u8` playlist (any case).
    static func kind(of name: some BidirectionalCollection<UInt8>) -> FoundFile.Kind? {
        let lowered = name.suffix(5).map { $0 | (($0 >= 65 && $0 <= 90) ? 0x20 : 0) }
        if audioExtensions.contains(where: lowered.ends(with:)) { return .audio }
        if lowered.ends(with: Array(".m3u".utf8)) || lowered.ends(with: Array(".m3u8".utf8)) { return .playlist }
        return nil
    }

    private static func stamp(_ info: stat) -> FileStamp {
        FileStamp(size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

extension Array where Element: Equatable {
    /// Whether the array's last elements are `suffix`.
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
