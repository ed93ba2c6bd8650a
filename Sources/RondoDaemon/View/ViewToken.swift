import Foundation
import Glibc

/// The head-unit view's per-start secret: 32 random bytes in hex, kept in `view-token`
/// beside the socket, readable by the daemon's user alone (0600), so that only that user's
/// `rondo view` can hand a browser the address that carries it.
struct ViewToken {
    let value: String
    let path: String

    /// Makes a new token for a daemon serving `socketPath`.
    init(socketPath: String) {
        var generator = SystemRandomNumberGenerator()
        value = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        path = (socketPath as NSString).deletingLastPathComponent + "/view-token"
    }

    /// Writes the file (replacing an old one) with mode 0600 from its creation on.
    /// - Throws: when the file cannot be written.
    func write() throws {
        let temporary = path + ".\(getpid())"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary]) }
        let bytes = Array((value + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Removes the file, if it is still this token's.
    func remove() {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            text.trimmingCharacters(in: .whitespacesAndNewlines) == value
        else { return }
        unlink(path)
    }
}
