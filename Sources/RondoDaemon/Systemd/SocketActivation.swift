import CLinux
import Glibc

/// The listening socket systemd passes to a socket-activated daemon (sd_listen_fds(3)):
/// `LISTEN_FDS` sockets from descriptor 3 on, meant for the process `LISTEN_PID`.
///
/// The protocol is a few environment variables and a descriptor, so no library is needed.
/// ``take(environment:)`` is called once, before anything starts a child process.
enum SocketActivation {
    /// The first descriptor systemd passes (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: Int32 = 3

    /// The socket systemd passed to this process, if any, checked and marked close-on-exec.
    ///
    /// `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES` are removed from the environment
    /// whether or not they were meant for this process, so that no child inherits them.
    /// - Parameter environment: the process environment as it was at start.
    /// - Returns: the passed socket, or `nil` when none is meant for this process (no
    ///   `LISTEN_FDS`, or a `LISTEN_PID` that is another process's).
    /// - Throws: ``SocketActivationError`` when a socket is meant for this process but is not
    ///   one listening Unix stream socket.
    static func take(environment: [String: String]) throws(SocketActivationError) -> InheritedSocket? {
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        guard let count = environment["LISTEN_FDS"].flatMap({ Int32($0) }),
            environment["LISTEN_PID"].flatMap({ Int32($0) }) == getpid()
        else { return nil }
        guard count == 1 else {
            throw SocketActivationError(
                "systemd passed \(count) sockets; rondod serves one: give its .socket unit a single ListenStream=")
        }
        let descriptor = firstDescriptor
        guard integerOption(SO_DOMAIN, of: descriptor) == AF_UNIX,
            integerOption(SO_TYPE, of: descriptor) == Int32(SOCK_STREAM.rawValue)
        else {
            throw SocketActivationError(
                "the socket systemd passed is not a Unix stream socket; use ListenStream= with a path in rondod.socket")
        }
        guard integerOption(SO_ACCEPTCONN, of: descriptor) == 1 else {
            throw SocketActivationError(
                "the socket systemd passed does not listen; use ListenStream= (not Accept=yes) in rondod.socket")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return InheritedSocket(descriptor: descriptor, path: boundPath(of: descriptor))
    }

    /// An integer socket option of `descriptor`, or `nil` when it cannot be read (not a socket).
    private static func integerOption(_ option: Int32, of descriptor: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, option, &value, &length) == 0 ? value : nil
    }

    /// The path a Unix socket is bound to; `nil` for an unnamed or abstract one.
    private static func boundPath(of descriptor: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) == 0 }
        }
        guard named else { return nil }
        let bytes = withUnsafeBytes(of: address.sun_path) { Array($0.prefix { $0 != 0 }) }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

/// A listening socket passed by systemd.
struct InheritedSocket: Sendable, Equatable {
    /// Its descriptor in this process.
    var descriptor: Int32
    /// The path it is bound to, `nil` for an abstract socket.
    var path: String?
}

/// Why the socket systemd passed cannot be served on.
public struct SocketActivationError: Error, CustomStringConvertible {
    /// What is wrong and how to fix the unit.
    public let description: String

    init(_ description: String) { self.description = description }
}
