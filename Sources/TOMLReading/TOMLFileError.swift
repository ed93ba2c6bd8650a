/// Why a TOML file (a policy, a scenario) could not be loaded, with the file and line at fault.
public struct TOMLFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as the caller named it.
    public let file: String
    /// The 1-based line at fault.
    public let line: Int
    /// What is wrong there and what to do about it.
    public let message: String

    /// An error at `file`:`line`.
    /// - Parameters:
    ///   - file: the file, as the caller named it.
    ///   - line: the 1-based line at fault.
    ///   - message: what is wrong and what to do about it.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
