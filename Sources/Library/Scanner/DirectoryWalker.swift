import Foundation
import Glibc
import Synchronization
import TagReading
import ThreadJobs

/// Finds the audio and playlist files under a path, following symbolic links to files and
/// directories.
///
/// Never fails and never loops: each directory is entered once, by its device and inode, so
/// a symbolic link back to an ancestor (or two links to one directory) is walked once.
/// Directories that cannot be opened and names that are not UTF-8 (which no client could be
/// sent) become problems; each directory's cover image (``FolderCover``) is noted; hidden
/// entries (`.name`) and other files are ignored. Entries are
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
        /// The cover image of each directory that has one (``FolderCover``), by directory.
        var covers: [String: FoundCover] = [:]
    }

    /// A directory's cover image.
    struct FoundCover: Equatable {
        let path: String
        let stamp: FileStamp
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
                walk.files.append(FoundFile(path: root, stamp: FileStamp(info), kind: kind))
            }
            return walk
        }
        var visited: Set<DirectoryID> = [DirectoryID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))]
        var subdirectories: [String] = []
        list(root, into: &walk, subdirectories: &subdirectories, visited: &visited)
        if stopsAtLimit(&walk) { return walk }
        if limit == nil, subdirectories.count > 1, let subtrees = walkInParallel(subdirectories, visited: visited) {
            for subtree in subtrees {
                walk.files += subtree.files
                walk.problems += subtree.problems
                walk.unreadableDirectories += subtree.unreadableDirectories
                walk.covers.merge(subtree.covers) { first, _ in first }
            }
            return walk
        }
        walkInOrder(subdirectories, into: &walk, visited: &visited)
        return walk
    }

    /// Walks each of `directories` and what is under them, depth first in their order, as far
    /// as ``limit`` allows, entering no directory of `visited` or `enteredBefore` and adding
    /// those it enters to `visited`.
    private func walkInOrder(
        _ directories: [String], into walk: inout Walk, visited: inout Set<DirectoryID>, enteredBefore: Set<DirectoryID> = []
    ) {
        var pending = Array(directories.reversed())
        while let directory = pending.popLast() {
            var subdirectories: [String] = []
            list(directory, into: &walk, subdirectories: &subdirectories, visited: &visited, enteredBefore: enteredBefore)
            pending += subdirectories.reversed()
            if stopsAtLimit(&walk) { break }
        }
    }

    /// Cuts `walk` to ``limit`` files when it found more than that; whether it did.
    private func stopsAtLimit(_ walk: inout Walk) -> Bool {
        guard let limit, walk.files.count > limit else { return false }
        walk.files.removeLast(walk.files.count - limit)
        walk.stoppedAtLimit = true
        return true
    }

    /// Walks each of `directories` on one thread per core, each with its own set of the
    /// directories it enters besides `visited`: what ``walkInOrder(_:into:visited:)`` finds, subtree by subtree, or nil
    /// when two subtrees met the same directory (through a symbolic link or a bind mount),
    /// where the walk in order would have entered it once.
    private func walkInParallel(_ directories: [String], visited: Set<DirectoryID>) -> [Walk]? {
        let results = SubtreeWalks(count: directories.count)
        let walker = self
        let work: @Sendable () -> Bool = {
            while let index = results.claim() {
                var walk = Walk()
                var entered: Set<DirectoryID> = []
                walker.walkInOrder([directories[index]], into: &walk, visited: &entered, enteredBefore: visited)
                results.store(walk, entered, at: index)
            }
            return true
        }
        let helpers = (1..<min(ProcessInfo.processInfo.activeProcessorCount, directories.count)).map { _ in
            ThreadedValue(name: "library walk", work)
        }
        _ = work()
        for helper in helpers { _ = helper.wait() }
        let (walks, entered) = results.collected()
        return entered.reduce(0) { $0 + $1.count } == entered.reduce(into: Set<DirectoryID>()) { $0.formUnion($1) }.count
            ? walks : nil
    }

    /// The walks of subtrees, claimed one by one by the threads that walk them.
    private final class SubtreeWalks: Sendable {
        private struct State {
            var next = 0
            var walks: [Walk?]
            var entered: [Set<DirectoryID>]
        }

        private let state: Mutex<State>

        init(count: Int) {
            state = Mutex(State(walks: Array(repeating: nil, count: count), entered: Array(repeating: [], count: count)))
        }

        /// The index of the next subtree to walk, or nil when every one is claimed.
        func claim() -> Int? {
            state.withLock { state in
                guard state.next < state.walks.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        func store(_ walk: Walk, _ entered: Set<DirectoryID>, at index: Int) {
            state.withLock { state in
                state.walks[index] = walk
                state.entered[index] = entered
            }
        }

        /// Every subtree's walk and the directories it entered, in order.
        func collected() -> ([Walk], [Set<DirectoryID>]) {
            state.withLock { state in (state.walks.map { $0 ?? Walk() }, state.entered) }
        }
    }

    private func list(
        _ directory: String, into walk: inout Walk, subdirectories: inout [String], visited: inout Set<DirectoryID>,
        enteredBefore: Set<DirectoryID> = []
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
        var cover: (name: [UInt8], rank: Int)?
        for (name, type) in names {
            let bare = name.dropLast()
            let kind = Self.kind(of: bare)
            let isRegular = type == UInt8(DT_REG)
            if kind == nil, let rank = FolderCover.rank(of: bare), rank < cover?.rank ?? .max { cover = (Array(name), rank) }
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
                if !enteredBefore.contains(id), visited.insert(id).inserted { subdirectories.append(path) }
            case S_IFREG:
                if let kind { walk.files.append(FoundFile(path: path, stamp: FileStamp(info), kind: kind)) }
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
                        path: path, stamp: FileStamp(info),
                        reason: "not a regular file (a named pipe, device or socket); Rondo reads regular files only"))
            }
        }
        if let cover { noteCover(cover.name, in: directory, descriptor: descriptor, into: &walk) }
    }

    /// Notes the cover `name` (with its NUL) of `directory` when it is a readable file.
    private func noteCover(_ name: [UInt8], in directory: String, descriptor: Int32, into walk: inout Walk) {
        var info = stat()
        let found = name.withUnsafeBytes { fstatat(descriptor, $0.baseAddress!.assumingMemoryBound(to: CChar.self), &info, 0) == 0 }
        guard found, info.st_mode & S_IFMT == S_IFREG, let bare = String(validating: name.dropLast(), as: UTF8.self) else { return }
        walk.covers[directory] = FoundCover(path: directory + "/" + bare, stamp: FileStamp(info))
    }

    /// The extensions of audio files (``AudioFileExtensions``), the formats the tag reader
    /// knows, each packed by ``packedExtension(of:)``; it picks the reader by the file's
    /// content, so a file named for one of them may hold another.
    static let audioExtensions = Set(AudioFileExtensions.all.compactMap { packedExtension(of: Array(".\($0)".utf8)) })

    /// The extensions of playlists, packed.
    private static let playlistExtensions = Set([".m3u", ".m3u8"].compactMap { packedExtension(of: Array($0.utf8)) })

    /// What a file name's extension says the file is: audio (``audioExtensions``) or an
    /// `.m3u`/`.m3u8` playlist (any case).
    static func kind(of name: some BidirectionalCollection<UInt8>) -> FoundFile.Kind? {
        guard let packed = packedExtension(of: name) else { return nil }
        if audioExtensions.contains(packed) { return .audio }
        if playlistExtensions.contains(packed) { return .playlist }
        return nil
    }

    /// The letters after the last `.` of `name`, lowercased, as one number; nil when there is
    /// no `.` or more than seven of them (longer than any extension known). It is worked out
    /// for every name a walk meets, so it allocates nothing.
    static func packedExtension(of name: some BidirectionalCollection<UInt8>) -> UInt64? {
        var packed: UInt64 = 0
        var length = 0
        for byte in name.reversed() {
            if byte == UInt8(ascii: ".") { return length > 0 ? packed : nil }
            length += 1
            guard length <= 7 else { return nil }
            let lowered = byte >= 65 && byte <= 90 ? byte | 0x20 : byte
            packed = packed << 8 | UInt64(lowered)
        }
        return nil
    }
}
