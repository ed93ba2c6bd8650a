import Foundation
import Library
import MPDProtocol
import Playback

/// Stored playlists: those MPD clients save (``MPDSavedPlaylists``), read and written, and
/// the music directory's playlist files the library found, read-only. A saved playlist
/// hides a library one of the same name.
extension MPDCommands {
    static let storedPlaylistCommands: [(String, Command)] = [
        (
            "listplaylists",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                for (name, modified) in try await commands.storedPlaylists() {
                    output.field("playlist", name)
                    if let modified { output.field("Last-Modified", MPDPaths.timestamp(Int64(modified.timeIntervalSince1970))) }
                }
            }
        ),
        (
            "listplaylist",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, _, output throws(MPDAck) in
                for location in try await commands.playlistLocations(arguments[0], "listplaylist") {
                    output.field("file", commands.paths.uri(of: location))
                }
            }
        ),
        (
            "listplaylistinfo",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, client, output throws(MPDAck) in
                for location in try await commands.playlistLocations(arguments[0], "listplaylistinfo") {
                    if let track = commands.library.track(atPath: location) {
                        output.song(commands.paths.song(track), for: client)
                    } else {
                        output.field("file", commands.paths.uri(of: location))
                    }
                }
            }
        ),
        (
            "load",
            Command(permission: .authorized, arguments: 1...3) { commands, arguments, _, _ throws(MPDAck) in
                var locations = try await commands.playlistLocations(arguments[0], "load")
                if arguments.count >= 2 {
                    locations = Array(locations[try range(arguments[1], count: locations.count, "load").clamped(to: 0..<locations.count)])
                }
                try await commands.appendTracks(locations, "load")
            }
        ),
        (
            "save",
            Command(permission: .authorized, arguments: 1...2) { commands, arguments, _, _ throws(MPDAck) in
                let name = arguments[0]
                let mode = arguments.count == 2 ? arguments[1] : "create"
                let queued = await commands.player.queueEntries().map(\.location)
                let existing = commands.saved.locations(of: name)
                switch mode {
                case "create":
                    guard existing == nil else { throw MPDAck(.exist, command: "save", "Playlist already exists") }
                    try commands.saved.write(name, queued, command: "save")
                case "replace": try commands.saved.write(name, queued, command: "save")
                case "append": try commands.saved.write(name, (existing ?? []) + queued, command: "save")
                default: throw MPDAck(.argument, command: "save", "Unrecognized save mode: \(mode)")
                }
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "rm",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                guard commands.saved.remove(arguments[0]) else { throw try await commands.notSaved(arguments[0], "rm") }
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "rename",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                guard commands.saved.locations(of: arguments[0]) != nil else { throw try await commands.notSaved(arguments[0], "rename") }
                try commands.saved.rename(arguments[0], to: arguments[1], command: "rename")
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "playlistadd",
            Command(permission: .authorized, arguments: 2...3) { commands, arguments, client, _ throws(MPDAck) in
                let location = try commands.paths.location(of: arguments[1], isLocal: client.isLocal, command: "playlistadd")
                let added: [String]
                if location.hasPrefix("http://") || location.hasPrefix("https://") {
                    added = [location]
                } else if commands.library.track(atPath: location) != nil
                    || (client.isLocal && FileManager.default.fileExists(atPath: location) && !Self.isDirectory(location))
                {
                    added = [location]
                } else {
                    added = try await commands.tracks(under: location).map(\.path)
                    guard !added.isEmpty else { throw MPDAck(.noExist, command: "playlistadd", "No such directory") }
                }
                var locations = commands.saved.locations(of: arguments[0]) ?? []
                let at = try arguments.count == 3 ? integer(arguments[2], "playlistadd") : locations.count
                guard (0...locations.count).contains(at) else { throw MPDAck(.argument, command: "playlistadd", "Bad song index") }
                locations.insert(contentsOf: added, at: at)
                try commands.saved.write(arguments[0], locations, command: "playlistadd")
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "searchaddpl",
            Command(permission: .authorized, arguments: 2...64) { commands, arguments, _, _ throws(MPDAck) in
                let songs = try await commands.songs(commands.query(Array(arguments.dropFirst()), foldCase: true, "searchaddpl"))
                let found = try songs.map { song throws(MPDAck) in
                    try commands.paths.location(of: song.file, isLocal: true, command: "searchaddpl")
                }
                // As MPD: finding nothing leaves the playlist as it was, or not made.
                guard !found.isEmpty else { return }
                try commands.saved.write(arguments[0], (commands.saved.locations(of: arguments[0]) ?? []) + found, command: "searchaddpl")
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "playlistclear",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                try commands.saved.write(arguments[0], [], command: "playlistclear")
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "playlistdelete",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                guard var locations = commands.saved.locations(of: arguments[0]) else {
                    throw try await commands.notSaved(arguments[0], "playlistdelete")
                }
                let range = try range(arguments[1], count: locations.count, "playlistdelete")
                guard range.upperBound <= locations.count else { throw MPDAck(.argument, command: "playlistdelete", "Bad song index") }
                locations.removeSubrange(range)
                try commands.saved.write(arguments[0], locations, command: "playlistdelete")
                commands.board.announce([.storedPlaylist])
            }
        ),
        (
            "playlistmove",
            Command(permission: .authorized, arguments: 3...3) { commands, arguments, _, _ throws(MPDAck) in
                guard var locations = commands.saved.locations(of: arguments[0]) else {
                    throw try await commands.notSaved(arguments[0], "playlistmove")
                }
                let from = try integer(arguments[1], "playlistmove")
                let to = try integer(arguments[2], "playlistmove")
                guard locations.indices.contains(from), locations.indices.contains(to) else {
                    throw MPDAck(.argument, command: "playlistmove", "Bad song index")
                }
                locations.insert(locations.remove(at: from), at: to)
                try commands.saved.write(arguments[0], locations, command: "playlistmove")
                commands.board.announce([.storedPlaylist])
            }
        ),
    ]

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// Every stored playlist: the saved ones, then the library's not hidden by one, by name.
    func storedPlaylists() async throws(MPDAck) -> [(name: String, modified: Date?)] {
        let saved = self.saved.all()
        let names = Set(saved.map(\.name))
        let library = try await libraryPlaylists().filter { !names.contains($0.name) }.map { (name: $0.name, modified: Date?.none) }
        return (saved + library).sorted { $0.name < $1.name }
    }

    /// The locations the stored playlist `name` holds: a saved one's, else the library's.
    private func playlistLocations(_ name: String, _ command: String) async throws(MPDAck) -> [String] {
        if let locations = saved.locations(of: name) { return locations }
        guard let playlist = try await libraryPlaylists().first(where: { $0.name == name }) else {
            throw MPDAck(.noExist, command: command, "No such playlist")
        }
        do throws(StoreError) {
            return try library.trackPaths(of: playlist)
        } catch {
            throw MPDAck(.system, command: command, "the library could not be read: \(error)")
        }
    }

    /// Why `name` cannot be changed: a library playlist is a file of the music directory,
    /// and anything else does not exist.
    private func notSaved(_ name: String, _ command: String) async throws(MPDAck) -> MPDAck {
        if try await libraryPlaylists().contains(where: { $0.name == name }) {
            return MPDAck(.permission, command: command, "\(name) is a playlist file of the music directory, which Rondo does not change")
        }
        return MPDAck(.noExist, command: command, "No such playlist")
    }

    /// The library's playlists.
    private func libraryPlaylists() async throws(MPDAck) -> [CatalogPlaylist] {
        do throws(StoreError) {
            return try library.playlists()
        } catch {
            throw MPDAck(.system, command: "", "the library could not be read: \(error)")
        }
    }
}
