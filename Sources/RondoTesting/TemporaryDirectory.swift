import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it
/// by ``remove()`` or, at the latest, when the last reference to it goes: a test that fails
/// or forgets leaves nothing behind.
public final class TemporaryDirectory: Sendable {
    /// Its absolute path.
    public let path: String

    /// Creates a new, empty directory whose name starts with `prefix`.
    public init(prefix: String = "rondo-test") throws {
        var base = NSTemporaryDirectory()
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var bytes = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard mkdtemp(&bytes) != nil else { throw CocoaError(.fileWriteUnknown) }
        path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { remove() }

    /// A path inside the directory.
    public func appending(_ name: String) -> String { path + "/" + name }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
