import CLinux
import Glibc

/// Makes the non-blocking listening sockets a line server accepts on: a Unix socket at a
/// path, or a TCP address.
public enum ListenerSocket {
    /// A socket listening on the Unix path `path`, which must not exist.
    /// - Parameter backlog: how many clients may wait in the kernel's queue to be accepted
    ///   (capped by net.core.somaxconn).
    /// - Throws: ``SocketServerError`` when it cannot be made, bound or listened on.
    public static func unix(_ path: String, backlog: Int32) throws(SocketServerError) -> Int32 {
        guard let address = UnixSocketAddress(path: path) else {
            throw .system("cannot bind \(path): the path is too long for a Unix socket", ENAMETOOLONG)
        }
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw .system("cannot create a socket for \(path)", errno) }
        guard address.withSocketAddress({ bind(listener, $0, $1) }) == 0 else {
            let code = errno
            close(listener)
            throw .system("cannot bind \(path)", code)
        }
        guard listen(listener, backlog) == 0 else {
            let code = errno
            close(listener)
            unlink(path)
            throw .system("cannot listen on \(path)", code)
        }
        return listener
    }

    /// A socket listening on TCP at `host` (a numeric address) and `port`, with the address
    /// reusable at once after a restart.
    /// - Throws: ``SocketServerError`` when the address cannot be read or listened on.
    public static func tcp(host: String, port: Int, backlog: Int32) throws(SocketServerError) -> Int32 {
        let name = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw .system("cannot listen on \(name): the address cannot be read", EINVAL)
        }
        defer { freeaddrinfo(found) }
        let listener = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw .system("cannot create a socket for \(name)", errno) }
        var on: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(listener, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(listener, backlog) == 0 else {
            let code = errno
            close(listener)
            throw .system("cannot listen on \(name)", code)
        }
        return listener
    }

    /// The port a TCP listener is bound to (the system's choice when it was asked for port
    /// 0), or `nil` when it cannot be read.
    public static func port(of listener: Int32) -> Int? {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let read = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard read == 0 else { return nil }
        let family = Int32(address.ss_family)
        return withUnsafePointer(to: &address) { pointer -> Int? in
            switch family {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: nil
            }
        }
    }
}
