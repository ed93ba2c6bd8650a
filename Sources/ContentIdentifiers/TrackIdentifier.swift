/// The identifier of a track on the wire: `rondo:track:` followed by the 16 hex digits of
/// the 64-bit FNV-1a hash of the file's absolute path (UTF-8).
///
/// The library's content items and now-playing's `externalContentIdentifier` carry the
/// same string for the same file, across rescans, queue edits and daemon restarts; it
/// changes once the file is moved or renamed.
public enum TrackIdentifier {
    /// What every track identifier starts with.
    public static let prefix = "rondo:track:"

    /// The identifier of the file at `path`.
    /// - Parameter path: the file's absolute path.
    /// - Returns: ``prefix`` and the hex FNV-1a hash of `path`.
    public static func make(path: String) -> String {
        prefix + FNV1a.hexDigest(path.utf8)
    }
}
