import CLinux
import Glibc

/// Another process accepts connections on the socket file at `path`: it is not replaced.
public struct SocketInUseError: Error, CustomStringConvertible {
    /// The socket's path.
    public let path: String

    public var description: String { "another process accepts connections on \(path); refusing to replace its socket" }
}

/// The socket file at a path a server binds itself: what is there before binding, and
/// whether it is still this server's when it stops.
public struct SocketFile {
    /// The socket's path.
    public let path: String

    /// The socket file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Removes a socket file that nobody serves any more (left by a daemon that was killed),
    /// and leaves the path free.
    /// - Throws: ``SocketInUseError`` when a process accepts connections on it: its socket
    ///   is never unlinked.
    public func removeIfStale() throws(SocketInUseError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
        if acceptsConnections() { throw SocketInUseError(path: path) }
        unlink(path)
    }

    /// The identity of the file now at the path, to tell later whether it was replaced.
    public func identity() -> (device: UInt, inode: UInt)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (UInt(status.st_dev), UInt(status.st_ino))
    }

    /// Unlinks the socket only if the file at the path is still the one with `identity`.
    public func remove(ifStill identity: (device: UInt, inode: UInt)?) {
        guard let identity, let now = self.identity(), now == identity else { return }
        unlink(path)
    }

    private func acceptsConnections() -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard let address = UnixSocketAddress(path: path) else { return false }
        let result = address.withSocketAddress { connect(descriptor, $0, $1) }
        return result == 0
    }
}
