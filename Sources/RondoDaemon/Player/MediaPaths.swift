import Audio
import ContentIdentifiers
import Foundation
import Glibc
import Library
import Playback
import Streams

/// Turns the paths a client asks to queue into the files to play.
enum MediaPaths {
    /// The most files one request may queue from directories: a folder of albums is a few
    /// thousand, while `/` would be a walk of the whole filesystem and a queue no one can use.
    static let directoryFileLimit = 10_000
    /// The longest stream URL taken, in bytes.
    static let maximumURLLength = 8192

    /// Whether `location` is a stream's URL (`http://` or `https://`) rather than a path.
    static func isStreamURL(_ location: String) -> Bool { StreamOpener.isNetworkLocation(location) }

    /// ``expand(_:)`` on the library-read threads: a directory's walk and each path's `stat`
    /// never hold the player's actor.
    static func expanded(_ items: [String]) async throws(PlayerCommandError) -> [String] {
        try await LibraryReads.run { () throws(PlayerCommandError) in try expand(items) }
    }

    /// Expands absolute paths: a regular file stays itself, a directory becomes its audio
    /// files in every format the library takes (recursively, in path order, hidden entries
    /// skipped, each directory once). A stream's `http://` or `https://` URL stays itself:
    /// whether it answers is found when it plays; so does a podcast episode's identifier
    /// (`rondo:episode:…`, which the library resolved), whose audio the loader finds.
    /// - Throws: `badParam` for a relative path or one that is not a regular file or a
    ///   directory (a named pipe, a device: reading one could block forever), or for
    ///   directories holding more than ``directoryFileLimit`` audio files in all, or for a
    ///   URL without a host; `notFound` for a path that does not exist.
    static func expand(_ items: [String]) throws(PlayerCommandError) -> [String] {
        var paths: [String] = []
        var fromDirectories = 0
        for item in items {
            if isStreamURL(item) {
                guard let url = URL(string: item), url.host?.isEmpty == false, item.utf8.count <= maximumURLLength else {
                    throw PlayerCommandError(.badParam, "'\(item)' is not a URL a stream can be played from; give one such as http://host/radio.mp3")
                }
                paths.append(item)
                continue
            }
            if item.hasPrefix(CatalogIdentifier.episodePrefix) {
                paths.append(item)
                continue
            }
            let path = item.hasPrefix("file://") ? URL(string: item)?.path ?? item : item
            guard path.hasPrefix("/") else {
                throw PlayerCommandError(.badParam, "'\(item)' is not an absolute path; give a full path such as /home/me/Music/a.mp3")
            }
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw PlayerCommandError(.notFound, "'\(path)' does not exist; check the path")
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard let files = AudioFileList.files(under: path, limit: Self.directoryFileLimit - fromDirectories) else {
                    throw PlayerCommandError(
                        .badParam,
                        "'\(path)' holds more than \(Self.directoryFileLimit) audio files, the most one request "
                            + "queues from folders; queue its folders one by one, or play it from the library")
                }
                fromDirectories += files.count
                paths += files
            case S_IFREG: paths.append(path)
            default:
                throw PlayerCommandError(
                    .badParam, "'\(path)' is \(RegularFile.kind(of: status.st_mode)), not a regular file; queue audio files")
            }
        }
        return paths
    }
}
