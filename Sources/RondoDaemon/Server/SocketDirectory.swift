import Foundation
import Glibc

/// The directory the daemon binds its socket in, made safe before the socket is bound.
///
/// The daemon never reaches its socket through a directory another user could change: such
/// a user could replace the socket with their own and read every client's requests. Each
/// directory on the path that exists must belong to this user or to root, and must not be
/// writable by everyone, or by a group another user may be in, unless it has the sticky bit
/// (`/tmp`). A group-writable directory is accepted when its group is this user's own private
/// group (named after the user, no other members) or root's group. Directories that do not
/// exist yet are created for this user alone (mode 0700).
struct SocketDirectory {
    /// The directory holding the socket.
    let path: String

    /// The directory of the socket at `socketPath`.
    init(socketPath: String) {
        path = URL(fileURLWithPath: socketPath).deletingLastPathComponent().path
    }

    /// Checks every existing directory on the path, then creates the missing ones (0700).
    /// - Throws: ``UnsafeSocketDirectoryError`` naming the first directory another user
    ///   could change; `CocoaError` when a missing directory cannot be created.
    func prepare() throws {
        var ancestors: [String] = []
        var current = URL(fileURLWithPath: path)
        while true {
            ancestors.append(current.path)
            guard current.path != "/" else { break }
            current.deleteLastPathComponent()
        }
        for directory in ancestors.reversed() {
            var status = stat()
            guard stat(directory, &status) == 0 else { break }
            try Self.check(directory, status)
        }
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    /// Fails when `status` lets a user other than this one and root change `directory`.
    private static func check(_ directory: String, _ status: stat) throws(UnsafeSocketDirectoryError) {
        let mode = status.st_mode
        if status.st_uid != getuid(), status.st_uid != 0 {
            throw UnsafeSocketDirectoryError(
                directory: directory, reason: "it belongs to uid \(status.st_uid), not to uid \(getuid()) who runs rondod",
                remedy: "choose a socket path (--socket, RONDO_SOCKET) in a directory of your own")
        }
        if mode & S_IWGRP != 0, mode & S_ISVTX == 0, !UserGroups.isPrivate(status.st_gid, of: getuid()) {
            let octal = String(mode & 0o7777, radix: 8)
            throw UnsafeSocketDirectoryError(
                directory: directory,
                reason:
                    "the members of group \(UserGroups.name(of: status.st_gid)) may write to it (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)) and it has no sticky bit",
                remedy: "run 'chmod g-w \(directory)', or choose a socket path (--socket, RONDO_SOCKET) in a directory only you can write to")
        }
        if mode & S_IWOTH != 0, mode & S_ISVTX == 0 {
            let octal = String(mode & 0o7777, radix: 8)
            throw UnsafeSocketDirectoryError(
                directory: directory,
                reason:
                    "every user may write to it (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)) and it has no sticky bit",
                remedy: "run 'chmod o-w \(directory)', or choose a socket path (--socket, RONDO_SOCKET) in a directory only you can write to")
        }
    }
}

/// A socket directory that another user could change: the daemon refuses to serve there.
public struct UnsafeSocketDirectoryError: Error, CustomStringConvertible {
    /// The exit status of a daemon that refuses its socket directory: `EX_CONFIG`, as the
    /// socket path is configuration.
    public static let exitStatus: Int32 = 78

    /// The directory refused.
    public let directory: String
    /// Why another user could change it.
    public let reason: String
    /// What to do instead.
    public let remedy: String

    /// The refusal and what to do about it.
    public var description: String {
        "refusing to serve in \(directory): \(reason), so another user could replace the socket; \(remedy)"
    }
}
