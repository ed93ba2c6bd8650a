/// What is wrong with a configuration file, and where: printed as `FILE:LINE: message`
/// (or `FILE: message` when no line is to blame, as for a file that cannot be read).
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    /// The exit status of a daemon that stops on an invalid configuration: `EX_CONFIG`
    /// of sysexits(3).
    public static let exitStatus: Int32 = 78

    /// The configuration file.
    public var path: String
    /// The 1-based line to blame, or `nil` when the file as a whole is.
    public var line: Int?
    /// What is wrong and what to write instead.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - path: the configuration file.
    ///   - line: the 1-based line to blame, `nil` for the whole file.
    ///   - message: what is wrong and what to write instead.
    public init(path: String, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, the form editors and compilers use.
    public var description: String {
        if let line { "\(path):\(line): \(message)" } else { "\(path): \(message)" }
    }
}
