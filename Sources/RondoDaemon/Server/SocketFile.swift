import Glibc

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
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }
}
