import Audio
import MPDProtocol

/// Where the music is, as MPD's storage commands tell it: one storage, the music directory,
/// mounted at the root and shown to local clients only (`config`); no other storage can be
/// mounted (MPD without a `cache_directory` refuses the same way); and a song's own comments.
extension MPDCommands {
    static let storageCommands: [(String, Command)] = [
        (
            "config",
            Command.immediate(permission: .authorized, arguments: 0...0) { commands, _, client, output throws(MPDAck) in
                guard client.isLocal else { throw MPDAck(.permission, command: "config", "Command only permitted to local clients") }
                output.field("music_directory", commands.paths.musicDirectory)
            }
        ),
        (
            "listmounts",
            Command.immediate(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                output.field("mount", "")
                output.field("storage", commands.paths.musicDirectory)
            }
        ),
        (
            "mount",
            Command.immediate(permission: .authorized, arguments: 2...2) { _, _, _, _ throws(MPDAck) in
                throw MPDAck(.noExist, command: "mount", "No 'cache_directory' configured")
            }
        ),
        (
            "unmount",
            Command.immediate(permission: .authorized, arguments: 1...1) { _, arguments, _, _ throws(MPDAck) in
                guard !arguments[0].isEmpty else { throw MPDAck(.argument, command: "unmount", "Bad mount point") }
                throw MPDAck(.argument, command: "unmount", "Not a mount point")
            }
        ),
        (
            "readcomments",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, client, output throws(MPDAck) in
                let location = try commands.paths.location(of: arguments[0], isLocal: client.isLocal, command: "readcomments")
                guard let comments = commands.library.comments(atPath: location) else {
                    throw MPDAck(.noExist, command: "readcomments", "No such song")
                }
                for comment in comments { output.field(comment.key, comment.value) }
            }
        ),
    ]
}
