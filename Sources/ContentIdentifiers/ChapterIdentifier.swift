/// The identifier of one chapter of a file in the library: `rondo:chapter:`, the 16 hex
/// digits of the file's ``TrackIdentifier`` hash, `:` and the chapter's 0-based index.
///
/// Stable across rescans as long as the file keeps its path and its chapters their order.
public enum ChapterIdentifier {
    /// What every chapter identifier starts with.
    public static let prefix = "rondo:chapter:"

    /// The identifier of chapter `index` of the track whose identifier is `track`.
    public static func make(track: String, index: Int) -> String {
        prefix + track.dropFirst(TrackIdentifier.prefix.count) + ":" + String(index)
    }

    /// The track identifier and chapter index `identifier` names; `nil` when it is not a
    /// chapter identifier.
    public static func parse(_ identifier: String) -> (track: String, index: Int)? {
        guard identifier.hasPrefix(prefix) else { return nil }
        let rest = identifier.dropFirst(prefix.count)
        guard let colon = rest.lastIndex(of: ":"), let index = Int(rest[rest.index(after: colon)...]), index >= 0 else {
            return nil
        }
        let digest = rest[..<colon]
        guard digest.count == 16, digest.allSatisfy(\.isHexDigit) else { return nil }
        return (TrackIdentifier.prefix + digest, index)
    }
}
