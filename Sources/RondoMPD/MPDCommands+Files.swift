import Foundation
import Glibc
import Library
import MPDProtocol

/// The library as MPD lists its tree: `lsinfo`, `listall`, `listallinfo` from the library's
/// tracks, in MPD's order (a directory's songs, then its subdirectories), and `listfiles`
/// from the disk.
extension MPDCommands {
    /// `lsinfo`, `listall`, `listallinfo`: the directories and songs under `uri`, its
    /// children only or all of them; at the root, `lsinfo` also lists the stored playlists.
    func listDirectory(_ uri: String, client: MPDClientState, recursive: Bool, songs: Bool, into output: inout MPDOutput)
        async throws(MPDAck)
    {
        let location = try paths.location(of: uri, isLocal: client.isLocal, command: "")
        if let track = library.track(atPath: location) {
            output.song(paths.song(track), for: client)
            return
        }
        let tracks = try await tracks(under: location)
        let base = uri.split(separator: "/").joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard
            !tracks.isEmpty || base.isEmpty || (FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) && isDirectory.boolValue)
        else { throw MPDAck(.noExist, command: "", "No such directory") }
        let prefix = base.isEmpty ? "" : base + "/"
        let root = Folder()
        for file in Self.inTreeOrder(tracks, uri: { paths.uri(of: $0.path) }) {
            let song = paths.song(file)
            var folder = root
            for part in song.file.dropFirst(prefix.count).split(separator: "/").dropLast() {
                folder = folder.child(String(part))
            }
            folder.songs.append(song)
        }
        if recursive {
            write(root, at: base, listingItself: !base.isEmpty, songs: songs, client: client, into: &output)
            return
        }
        for song in root.songs { output.song(song, for: client) }
        for name in root.childNames { writeDirectory(prefix + name, into: &output) }
        if base.isEmpty {
            for (name, modified) in (try? await storedPlaylists()) ?? [] {
                output.field("playlist", name)
                if let modified { output.field("Last-Modified", MPDPaths.timestamp(Int64(modified.timeIntervalSince1970))) }
            }
        }
    }

    /// A directory of the library as MPD lists it: its songs, then its subdirectories.
    private final class Folder {
        var songs: [MPDSong] = []
        var children: [String: Folder] = [:]

        func child(_ name: String) -> Folder {
            if let folder = children[name] { return folder }
            let folder = Folder()
            children[name] = folder
            return folder
        }

        /// Its subdirectories' names, in MPD's order.
        var childNames: [String] {
            children.keys.map { (MPDCollation.key($0[...]), $0) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
        }
    }

    /// Writes `folder` (the directory `path`) and everything under it, in MPD's order: the
    /// directory itself, its songs, then each subdirectory by name.
    private func write(
        _ folder: Folder, at path: String, listingItself: Bool, songs: Bool, client: MPDClientState, into output: inout MPDOutput
    ) {
        if listingItself {
            if songs { writeDirectory(path, into: &output) } else { output.field("directory", path) }
        }
        for song in folder.songs {
            if songs { output.song(song, for: client) } else { output.field("file", song.file) }
        }
        for name in folder.childNames {
            let child = path.isEmpty ? name : path + "/" + name
            write(folder.children[name]!, at: child, listingItself: true, songs: songs, client: client, into: &output)
        }
    }

    /// `directory: PATH` and when the directory last changed.
    private func writeDirectory(_ path: String, into output: inout MPDOutput) {
        output.field("directory", path)
        var status = stat()
        if stat(paths.musicDirectory + "/" + path, &status) == 0 {
            output.field("Last-Modified", MPDPaths.timestamp(Int64(status.st_mtim.tv_sec)))
        }
    }

    /// `listfiles`: the files and directories as they are on disk (not only the library's).
    func listFiles(_ uri: String, client: MPDClientState, into output: inout MPDOutput) throws(MPDAck) {
        let location = try paths.location(of: uri, isLocal: client.isLocal, command: "listfiles")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: location) else {
            throw MPDAck(.noExist, command: "listfiles", "No such directory")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = location + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let modified = (attributes[.modificationDate] as? Date).map { MPDPaths.timestamp(Int64($0.timeIntervalSince1970)) }
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                output.field("directory", name)
            } else {
                output.field("file", name)
                output.field("size", String((attributes[.size] as? Int) ?? 0))
            }
            if let modified { output.field("Last-Modified", modified) }
        }
    }
}
