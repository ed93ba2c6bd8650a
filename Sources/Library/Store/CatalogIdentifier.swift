import RondoProtocol

/// The stable identifiers of catalog entries other than tracks (``TrackIdentifier`` makes
/// those): a kind prefix and the 16 hex digits of the 64-bit FNV-1a hash of the entry's
/// key. Albums, artists and genres hash their folded key, playlists their file's path.
enum CatalogIdentifier {
    static let albumPrefix = "rondo:album:"
    static let artistPrefix = "rondo:artist:"
    static let genrePrefix = "rondo:genre:"
    static let playlistPrefix = "rondo:playlist:"

    /// `prefix` followed by the hex FNV-1a hash of `key`'s UTF-8 bytes.
    static func make(_ prefix: String, key: String) -> String {
        prefix + FNV1a.hexDigest(key.utf8)
    }
}
