/// A file the scanner could not take into the library, and why (`library.problems`).
public struct ScanProblem: Equatable, Sendable {
    /// Absolute path of the file (with U+FFFD in place of bytes that are not UTF-8).
    public var path: String
    /// What is wrong with it, as a sentence a user can act on.
    public var reason: String

    /// Creates a problem.
    /// - Parameters:
    ///   - path: the file's absolute path.
    ///   - reason: what is wrong with it.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
