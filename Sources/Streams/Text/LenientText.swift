/// Text from bytes whose encoding nobody declared (ICY titles, playlists): UTF-8 when
/// they are valid UTF-8, else Latin-1, which every byte string is.
enum LenientText {
    /// The bytes as UTF-8, or as Latin-1 when they are not valid UTF-8.
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
