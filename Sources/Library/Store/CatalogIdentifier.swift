/// The stable identifiers of catalog entries: a kind prefix and the 16 hex digits of the
/// 64-bit FNV-1a hash of the entry's key.
///
/// Tracks hash their absolute path (the same string the audio layer's `FNV1a.hexDigest`
/// gives now-playing's `externalContentIdentifier`); albums, artists and genres their folded
/// key; playlists their file's path. The hash is written out here because `Library` does
/// not depend on `Audio`.
enum CatalogIdentifier {
    static let trackPrefix = "rondo:track:"
    static let albumPrefix = "rondo:album:"
    static let artistPrefix = "rondo:artist:"
    static let genrePrefix = "rondo:genre:"
    static let playlistPrefix = "rondo:playlist:"

    /// `prefix` followed by the hex FNV-1a hash of `key`'s UTF-8 bytes.
    static func make(_ prefix: String, key: String) -> String {
        prefix + hexDigest(key.utf8)
    }

    /// The 64-bit FNV-1a hash of `bytes` as 16 lowercase hexadecimal digits.
    static func hexDigest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
