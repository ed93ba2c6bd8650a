import Glibc

/// Connecting a descriptor to a Unix socket by its path, for the tests' own clients.
public enum UnixSocketPath {
    /// Connects `descriptor`, an `AF_UNIX` stream socket, to the socket at `path` (cut at the
    /// 107 bytes an address holds).
    /// - Returns: what `connect` returns: 0, or -1 with `errno` set (`EAGAIN` for a socket
    ///   in non-blocking mode whose server's queue is full).
    public static func connect(_ descriptor: Int32, to path: String) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
