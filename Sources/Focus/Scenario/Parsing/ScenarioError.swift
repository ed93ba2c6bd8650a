/// Why a scenario file could not be loaded, with the file and line at fault.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as the caller named it.
    public let file: String
    /// The 1-based line at fault.
    public let line: Int
    /// What is wrong there and what to write instead.
    public let message: String

    /// An error at `file`:`line`.
    /// - Parameters:
    ///   - file: the file, as the caller named it.
    ///   - line: the 1-based line at fault.
    ///   - message: what is wrong and what to write instead.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// The same problem found by the shared TOML table reader, which reports it as a policy error.
    init(_ error: PolicyError) {
        self.init(file: error.file, line: error.line, message: error.message)
    }

    /// `FILE:LINE: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
