import Foundation

/// A fresh directory under the system's temporary directory, removed on ``remove()``.
public struct TemporaryDirectory: Sendable {
    /// Its absolute path.
    public let path: String

    /// Creates a new, empty directory whose name starts with `prefix`.
    public init(prefix: String = "rondo-test") throws {
        let template = NSTemporaryDirectory() + "/\(prefix)-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw CocoaError(.fileWriteUnknown) }
        path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A path inside the directory.
    public func appending(_ name: String) -> String { path + "/" + name }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
