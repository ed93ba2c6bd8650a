import Foundation
public import Library
public import Logging
import MPDProtocol

/// The playlists MPD clients save (`save`, `playlistadd`…): one M3U file each, of absolute
/// paths and stream URLs, in a directory of Rondo's own beside the database
/// (`$XDG_DATA_HOME/rondo/playlists`), as MPD keeps them in its `playlist_directory`. The
/// music directory's playlist files are never written. Each is also recorded in the
/// library (``LibraryStore/recordSavedPlaylist(path:entries:)``), so the browse tree's
/// Playlists, the view and every other front end show what an MPD client saves.
///
/// Ownership: the directory's files are this type's alone; a change is written to a
/// temporary file and renamed over the old one, so a crash leaves the old list or the new.
public struct MPDSavedPlaylists: Sendable {
    /// The most entries one saved playlist holds (MPD's `max_playlist_length` is 16384).
    static let maximumEntries = 100_000
    /// The most bytes of one playlist file read.
    static let maximumBytes = 64 << 20

    let directory: String
    /// The library the playlists are recorded in; `nil` without a database.
    let store: LibraryStore?
    let logger: Logger

    /// The playlists saved in `directory`, each recorded in `store` (none without one).
    public init(directory: String, store: LibraryStore?, logger: Logger) {
        self.directory = directory
        self.store = store
        self.logger = logger
    }

    /// Records in the library what changed in the directory while the daemon did not run:
    /// playlists added or changed, and those removed.
    public func synchronize() {
        guard let store else { return }
        do {
            let recorded = try store.savedPlaylists()
            var present = Set<String>()
            for (name, _) in all() {
                let path = file(name)
                present.insert(path)
                if recorded[path] != LibraryStore.modificationTime(of: path) {
                    try store.recordSavedPlaylist(path: path, entries: locations(of: name) ?? [])
                }
            }
            for path in recorded.keys where !present.contains(path) { try store.forgetSavedPlaylist(path: path) }
        } catch {
            logger.warning("the saved playlists could not be recorded in the library: \(error)")
        }
    }

    /// The saved playlists' names and when each last changed, by name.
    func all() -> [(name: String, modified: Date?)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".m3u") && !$0.hasPrefix(".") }.sorted().map { file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + file)
            return (String(file.dropLast(4)), attributes?[.modificationDate] as? Date)
        }
    }

    /// The locations the playlist `name` holds, in order; `nil` when there is none.
    func locations(of name: String) -> [String]? {
        guard Self.isName(name), let handle = FileHandle(forReadingAtPath: file(name)) else { return nil }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: Self.maximumBytes)) ?? Data()
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.prefix(Self.maximumEntries).map { $0 }
    }

    /// Writes the playlist `name` with `locations`, replacing any of that name.
    /// - Throws: ``MPDAck`` for a name no file may have, or when the file cannot be written.
    func write(_ name: String, _ locations: [String], command: String) throws(MPDAck) {
        try Self.check(name, command)
        guard locations.count <= Self.maximumEntries else {
            throw MPDAck(.playlistMax, command: command, "Playlist is too large: at most \(Self.maximumEntries) songs")
        }
        let text = (["#EXTM3U"] + locations.map { $0.replacingOccurrences(of: "\n", with: " ") }).joined(separator: "\n") + "\n"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)), options: .atomic)
        } catch {
            throw MPDAck(.system, command: command, "cannot write the playlist \(name): \(error.localizedDescription)")
        }
        record(name, locations)
    }

    /// Removes the playlist `name`.
    /// - Returns: whether there was one.
    func remove(_ name: String) -> Bool {
        guard Self.isName(name), (try? FileManager.default.removeItem(atPath: file(name))) != nil else { return false }
        forget(name)
        return true
    }

    /// Renames the playlist `old` to `new`.
    /// - Throws: ``MPDAck`` when there is no `old`, or a `new` already.
    func rename(_ old: String, to new: String, command: String) throws(MPDAck) {
        try Self.check(new, command)
        guard locations(of: old) != nil else { throw MPDAck(.noExist, command: command, "No such playlist") }
        guard locations(of: new) == nil else { throw MPDAck(.exist, command: command, "Playlist already exists") }
        do {
            try FileManager.default.moveItem(atPath: file(old), toPath: file(new))
        } catch {
            throw MPDAck(.system, command: command, "cannot rename the playlist \(old): \(error.localizedDescription)")
        }
        forget(old)
        record(new, locations(of: new) ?? [])
    }

    /// Records the playlist `name` in the library; a failure is logged, the file stays.
    private func record(_ name: String, _ locations: [String]) {
        do {
            try store?.recordSavedPlaylist(path: file(name), entries: locations)
        } catch {
            logger.warning("the playlist \(name) is saved, but the library could not record it: \(error)")
        }
    }

    /// Forgets the playlist `name` in the library.
    private func forget(_ name: String) {
        do {
            try store?.forgetSavedPlaylist(path: file(name))
        } catch {
            logger.warning("the playlist \(name) is removed, but the library still lists it: \(error)")
        }
    }

    private func file(_ name: String) -> String { directory + "/" + name + ".m3u" }

    /// Whether `name` can be a file's name here: not empty, no `/`, no line break, not
    /// hidden, at most 200 bytes.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 200 && !name.hasPrefix(".") && !name.contains("/")
            && !name.contains(where: { $0.isNewline || $0 == "\0" })
    }

    private static func check(_ name: String, _ command: String) throws(MPDAck) {
        guard isName(name) else { throw MPDAck(.argument, command: command, "Bad playlist name: \(name)") }
    }
}
