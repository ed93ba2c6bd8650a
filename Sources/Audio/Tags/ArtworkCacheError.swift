/// Why ``ArtworkCache`` could not give a picture a file.
public enum ArtworkCacheError: Error, Equatable, Sendable {
    /// The bytes are not a JPEG, PNG or GIF image, so no client could show them.
    case unsupportedFormat(mimeType: String?)
    /// The cache directory or the image file could not be written.
    case writeFailed(path: String, reason: String)
}

extension ArtworkCacheError: CustomStringConvertible {
    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .unsupportedFormat(let mimeType):
            "embedded picture is not a JPEG, PNG or GIF image (declared \(mimeType ?? "no type"))"
        case .writeFailed(let path, let reason):
            "cannot write cover art to \(path): \(reason); check the cache directory's permissions"
        }
    }
}
