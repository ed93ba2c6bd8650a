import Foundation

/// The cover image a folder of music keeps beside its files, as MPD, Mopidy and desktop
/// players find it: `cover`, `folder`, `front` or `album` (in that preference) with the
/// extension `jpg`, `jpeg`, `png` or `webp` (in that preference), in any case. A track that
/// embeds no picture shows its folder's cover.
public enum FolderCover {
    /// The names a cover takes, preferred first.
    static let names = ["cover", "folder", "front", "album"]
    /// The extensions a cover takes, preferred first.
    static let extensions = ["jpg", "jpeg", "png", "webp"]

    /// How much `name` (a file name, without its directory) is preferred as a cover: lower
    /// first; `nil` when it is not a cover's name.
    public static func rank(of name: some BidirectionalCollection<UInt8>) -> Int? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let base = String(decoding: name[..<dot], as: UTF8.self).lowercased()
        let suffix = String(decoding: name[name.index(after: dot)...], as: UTF8.self).lowercased()
        guard let nameRank = names.firstIndex(of: base), let extensionRank = extensions.firstIndex(of: suffix) else {
            return nil
        }
        return nameRank * extensions.count + extensionRank
    }

    /// The cover among `fileNames` (one directory's), or `nil`; of two names that rank
    /// alike (`Cover.jpg`, `cover.JPG`), the first in byte order.
    public static func chosen(among fileNames: [String]) -> String? {
        fileNames.compactMap { name in rank(of: Array(name.utf8)).map { (name, $0) } }
            .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }?.0
    }

    /// The path of the cover in `directory`, listing it; `nil` when it has none or cannot
    /// be listed.
    public static func find(in directory: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        return chosen(among: names).map { directory + "/" + $0 }
    }
}
