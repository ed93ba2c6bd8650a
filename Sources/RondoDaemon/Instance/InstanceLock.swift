import Foundation
import Glibc

/// An exclusive lock a running daemon holds on a resource it must not share with another
/// daemon: its socket path, its database.
///
/// The lock is `flock` on a lock file beside the resource (`rondo.sock.lock`,
/// `library.sqlite.lock`), which holds the PID of its holder. The kernel releases it when the
/// process ends, `kill -9` included, so a stale file never blocks a later daemon. The lock
/// lives as long as the object; the file stays (removing it would let two daemons lock two
/// different files of the same name).
///
/// Thread safety: immutable after creation.
final class InstanceLock: Sendable {
    /// The lock file's path.
    let path: String
    private let descriptor: Int32

    /// Takes the lock on `resource`, creating its lock file (mode 0600) when missing.
    /// - Parameters:
    ///   - resource: the socket or database file the lock guards.
    ///   - what: what the resource is, in the error's words ("socket", "database").
    /// - Throws: ``InstanceLockError/held(resource:what:lockFile:pid:)`` when another
    ///   process holds it; ``InstanceLockError/cannotLock(resource:what:lockFile:reason:)``
    ///   when the lock file cannot be made.
    init(guarding resource: String, what: String) throws(InstanceLockError) {
        path = resource + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .cannotLock(resource: resource, what: what, lockFile: path, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = Self.readPID(descriptor)
            close(descriptor)
            if reason == EWOULDBLOCK {
                throw .held(resource: resource, what: what, lockFile: path, pid: holder)
            }
            throw .cannotLock(resource: resource, what: what, lockFile: path, reason: String(cString: strerror(reason)))
        }
        self.descriptor = descriptor
        let line = Array("\(getpid())\n".utf8)
        ftruncate(descriptor, 0)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }

    deinit {
        close(descriptor)
    }

    /// The PID written in the lock file by its holder, when it reads as one.
    private static func readPID(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Int32(text)
    }
}
