import Glibc
import RondoClient

/// A failure the CLI reports with a message on stderr and its exit status.
struct CLIFailure: Error {
    /// Exit status for usage errors.
    static let usageStatus: Int32 = 2

    /// What to print on stderr; `nil` to exit silently (`session exec` passing on its command's status).
    let message: String?
    let status: Int32

    /// The daemon refused or the command failed: status 1.
    static func domain(_ message: String) -> CLIFailure { CLIFailure(message: message, status: 1) }
    /// Bad arguments: status 2.
    static func usage(_ message: String) -> CLIFailure { CLIFailure(message: message, status: usageStatus) }

    /// The failure of a client call: unreachable is status 3, anything else 1.
    init(_ error: ClientError) {
        switch error {
        case .unreachable: self.init(message: error.description, status: 3)
        case .connectionLost: self.init(message: error.description, status: 3)
        case .rpc: self.init(message: error.description, status: 1)
        }
    }

    init(message: String?, status: Int32) {
        self.message = message
        self.status = status
    }

    /// Prints the message and exits.
    func exit() -> Never {
        if let message { StandardError.write("rondo: " + message) }
        Glibc.exit(status)
    }
}

enum StandardError {
    /// Writes a line to stderr.
    static func write(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress, $0.count - 1) }
    }
}
