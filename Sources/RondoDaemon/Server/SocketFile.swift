import CLinux
import Glibc
import LineServing

/// The socket file at a path the daemon binds itself: what is there before binding, and
/// whether it is still this daemon's when it stops.
struct SocketFile {
    /// The socket's path.
    let path: String

    /// Removes a socket file that nobody serves any more (left by a daemon that was killed),
    /// and leaves the path free.
    /// - Throws: ``InstanceLockError/socketInUse(path:)`` when a process accepts connections
    ///   on it: its socket is never unlinked.
    func removeIfStale() throws(InstanceLockError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
        if acceptsConnections() { throw .socketInUse(path: path) }
        unlink(path)
    }

    /// The identity of the file now at the path, to tell later whether it was replaced.
    func identity() -> (device: UInt, inode: UInt)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (UInt(status.st_dev), UInt(status.st_ino))
    }

    /// Unlinks the socket only if the file at the path is still the one with `identity`.
    func remove(ifStill identity: (device: UInt, inode: UInt)?) {
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
