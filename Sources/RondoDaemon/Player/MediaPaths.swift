import Audio
import Foundation
import Glibc
import RondoProtocol

/// Turns the paths a client asks to queue into the files to play.
enum MediaPaths {
    /// Expands absolute paths: a regular file stays itself, a directory becomes its MP3 files
    /// (recursively, in path order, regular files only).
    /// - Throws: `badParam` for a relative path or one that is not a regular file or a
    ///   directory (a named pipe, a device: reading one could block forever), `notFound` for
    ///   a path that does not exist.
    static func expand(_ items: [String]) throws(RPCError) -> [String] {
        var paths: [String] = []
        for item in items {
            let path = item.hasPrefix("file://") ? URL(string: item)?.path ?? item : item
            guard path.hasPrefix("/") else {
                throw RPCError(.badParam, "'\(item)' is not an absolute path; give a full path such as /home/me/Music/a.mp3")
            }
            var status = stat()
            guard stat(path, &status) == 0 else {
                throw RPCError(.notFound, "'\(path)' does not exist; check the path")
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: paths += mp3Files(under: path)
            case S_IFREG: paths.append(path)
            default:
                throw RPCError(
                    .badParam, "'\(path)' is \(RegularFile.kind(of: status.st_mode)), not a regular file; queue audio files")
            }
        }
        return paths
    }

    private static func mp3Files(under directory: String) -> [String] {
        let root = URL(fileURLWithPath: directory)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var files: [String] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "mp3" {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { files.append(url.path) }
        }
        return files.sorted()
    }
}
