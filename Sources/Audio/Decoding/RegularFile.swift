public import Glibc

/// Opens files for reading only when they are regular files.
///
/// A named pipe blocks `open` until a writer comes, and a device never ends: either would
/// hang the thread (or actor) that reads it. The file is opened without blocking, checked
/// with `fstat`, and only a regular file is handed on, in blocking mode again.
public enum RegularFile {
    /// Opens `path` for reading if it is a regular file.
    /// - Returns: the descriptor (close-on-exec, blocking), which the caller closes.
    /// - Throws: ``RegularFileError`` saying why not: it cannot be opened, or what kind of
    ///   file it is instead.
    public static func open(_ path: String) throws(RegularFileError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw RegularFileError(reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw RegularFileError(reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw RegularFileError(reason: "\(kind(of: status.st_mode)), not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// What `mode` says a file is, in a user's words.
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFREG: "a regular file"
        default: "a special file"
        }
    }
}

/// Why a path was not opened as a regular file.
public struct RegularFileError: Error, Equatable, Sendable {
    /// What is wrong, e.g. "a named pipe, not a regular file" or "No such file or directory".
    public let reason: String
}
