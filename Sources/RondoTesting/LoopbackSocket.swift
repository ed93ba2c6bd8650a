import Foundation
import Glibc

/// TCP sockets on 127.0.0.1 for the tests' own servers: a listener on a port the kernel
/// picks, a connection to a port, and a port nothing listens on.
public enum LoopbackSocket {
    /// Why a socket could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What was being done.
        public var operation: String
        /// The `errno` it failed with.
        public var code: Int32

        /// The operation and the system's words for the error.
        public var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    /// A listening socket on 127.0.0.1 and a free port, close-on-exec.
    /// - Returns: the descriptor (the caller closes it) and its port.
    /// - Throws: ``Failure``.
    public static func listen() throws -> (descriptor: Int32, port: Int) {
        let descriptor = try make()
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(operation: "bind 127.0.0.1", code: code)
        }
        return (descriptor, port(of: descriptor))
    }

    /// A port on 127.0.0.1 that nothing listens on as this returns: the kernel's pick for a
    /// listener that is closed at once. A server started on it next almost always gets it;
    /// one that does not says so, and its starter tries another.
    /// - Throws: ``Failure``.
    public static func freePort() throws -> Int {
        let (descriptor, port) = try listen()
        close(descriptor)
        return port
    }

    /// A blocking connection to 127.0.0.1:`port`, close-on-exec.
    /// - Returns: the descriptor; the caller closes it.
    /// - Throws: ``Failure``, e.g. `ECONNREFUSED`.
    public static func connect(port: Int) throws -> Int32 {
        let descriptor = try make()
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(operation: "connect 127.0.0.1:\(port)", code: code)
        }
        return descriptor
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    public static func isListening(port: Int) -> Bool {
        guard let descriptor = try? connect(port: port) else { return false }
        close(descriptor)
        return true
    }

    private static func make() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(operation: "socket", code: errno) }
        return descriptor
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }

    private static func port(of descriptor: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
