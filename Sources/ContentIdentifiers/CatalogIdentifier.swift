/// The stable identifiers of catalog entries other than tracks (``TrackIdentifier`` makes
/// those): a kind prefix and the 16 hex digits of the 64-bit FNV-1a hash of the entry's
/// key. Albums, artists and genres hash their folded key, playlists their file's path,
/// radio stations their stream's URL as it was added.
public enum CatalogIdentifier {
    /// What every album identifier starts with.
    public static let albumPrefix = "rondo:album:"
    /// What every artist identifier starts with.
    public static let artistPrefix = "rondo:artist:"
    /// What every genre identifier starts with.
    public static let genrePrefix = "rondo:genre:"
    /// What every playlist identifier starts with.
    public static let playlistPrefix = "rondo:playlist:"
    /// What every radio station identifier starts with.
    public static let stationPrefix = "rondo:station:"
    /// What every subscribed podcast's identifier starts with (its key: the feed's URL).
    public static let showPrefix = "rondo:show:"
    /// What every podcast episode's identifier starts with (its key: the show's identifier
    /// and the episode's GUID, joined by U+001F).
    public static let episodePrefix = "rondo:episode:"

    /// `prefix` followed by the hex FNV-1a hash of `key`'s UTF-8 bytes.
    public static func make(_ prefix: String, key: String) -> String {
        prefix + FNV1a.hexDigest(key.utf8)
    }
}
