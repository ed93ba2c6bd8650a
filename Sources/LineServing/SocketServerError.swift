import Glibc

/// Why the socket server cannot serve: a system call it needs failed.
public struct SocketServerError: Error, CustomStringConvertible {
    /// What the server was doing.
    public let action: String
    /// The `errno` the call left.
    public let code: Int32

    /// A failure of `action` with `errno` `code`.
    public static func system(_ action: String, _ code: Int32) -> SocketServerError {
        SocketServerError(action: action, code: code)
    }

    public var description: String { "\(action): \(String(cString: strerror(code))) (errno \(code))" }
}
