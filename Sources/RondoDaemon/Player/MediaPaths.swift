import Foundation
import RondoProtocol

/// Turns the paths a client asks to queue into the files to play.
enum MediaPaths {
    /// Expands absolute paths: a file stays itself, a directory becomes its MP3 files
    /// (recursively, in path order).
    /// - Throws: `badParam` for a relative path, `notFound` for a path that does not exist.
    static func expand(_ items: [String]) throws(RPCError) -> [String] {
        var paths: [String] = []
        for item in items {
            let path = item.hasPrefix("file://") ? URL(string: item)?.path ?? item : item
            guard path.hasPrefix("/") else {
                throw RPCError(.badParam, "'\(item)' is not an absolute path; give a full path such as /home/me/Music/a.mp3")
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw RPCError(.notFound, "'\(path)' does not exist; check the path")
            }
            paths += isDirectory.boolValue ? mp3Files(under: path) : [path]
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
            files.append(url.path)
        }
        return files.sorted()
    }
}
