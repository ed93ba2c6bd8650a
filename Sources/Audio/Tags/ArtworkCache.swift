import ContentIdentifiers
public import Foundation
import Glibc

/// Keeps embedded covers as image files that now-playing clients can open by URL.
///
/// Each picture is written once, to `<directory>/<hash>.<jpg|png|gif>`, where `<hash>` is
/// the 64-bit FNV-1a hash of its bytes in hex (``FNV1a``): identical covers (every track of
/// an album) share one file, and a file is never rewritten while it has the right size.
/// Writes go to a temporary file in the same directory that is then renamed over the name,
/// so a reader, or another daemon storing the same picture, never sees a partial image.
///
/// Stateless apart from the directory; safe to use from any thread and any process.
public struct ArtworkCache: Sendable {
    /// The directory holding the images; created with its parents on the first store.
    public let directory: String

    /// Creates a cache in `directory` (typically `$XDG_CACHE_HOME/rondo/artwork`).
    public init(directory: String) {
        self.directory = directory
    }

    /// Makes sure `picture` has a file in the cache.
    /// - Parameter picture: an embedded image.
    /// - Returns: the `file://` URL of its file.
    /// - Throws: ``ArtworkCacheError/unsupportedFormat(mimeType:)`` when the bytes are not an
    ///   image format clients show; ``ArtworkCacheError/writeFailed(path:reason:)`` when the
    ///   directory or file cannot be written.
    public func store(_ picture: EmbeddedPicture) throws(ArtworkCacheError) -> URL {
        guard let fileExtension = picture.fileExtension else {
            throw .unsupportedFormat(mimeType: picture.mimeType)
        }
        let name = FNV1a.hexDigest(picture.data) + "." + fileExtension
        let path = directory + "/" + name
        let url = URL(fileURLWithPath: path)
        let existing = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        if existing == picture.data.count { return url }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory, reason: error.localizedDescription)
        }
        let temporary = directory + "/.\(name).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        do {
            try Data(picture.data).write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw .writeFailed(path: temporary, reason: error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .writeFailed(path: path, reason: reason)
        }
        return url
    }
}
