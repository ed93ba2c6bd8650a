/// Why the browse tree could not answer; every ``description`` says what was wrong and what to
/// do (SPEC §9). Index paths are 0-based, as the wire and the CLI write them.
public enum BrowseError: Error, Equatable, Sendable {
    /// Position `component` of `path` names no child: the item above it has `count` children.
    /// A track has none, so a path that goes below a track fails here too.
    case indexOutOfRange(path: [Int], component: Int, count: Int)
    /// The content limits are enforced and `path` reaches below `depthLimit` levels.
    case contentLimitExceeded(path: [Int], depthLimit: Int)
    /// No item has this identifier (perhaps a rescan removed it).
    case notFound(identifier: String)
    /// The item at `path` has nothing to play (the empty-library placeholder, a list of
    /// containers such as `Artists`, an artist, an empty playlist).
    case notPlayable(path: [Int])
    /// The item with this identifier has nothing to play; the identifier counterpart of
    /// ``notPlayable(path:)``.
    case nothingToPlay(identifier: String)
    /// Content limits out of range, with the reason.
    case badLimits(String)
    /// The catalog could not be read.
    case store(StoreError)
}
