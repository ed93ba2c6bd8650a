/// Text from bytes whose encoding may not be declared (ICY titles and headers, playlists,
/// tags): the hinted encoding when the bytes are valid in it, else UTF-8 when they are valid
/// UTF-8, else Windows-1252, as MPD and browsers read such text.
public enum LenientText {
    /// The bytes as text, by the rule above. Windows-1252 leaves five bytes undefined
    /// (0x81, 0x8D, 0x8F, 0x90, 0x9D); they are read as Latin-1, so no byte is lost.
    /// - Parameters:
    ///   - bytes: the text's bytes.
    ///   - hint: an encoding the source declared, tried first.
    public static func decode(_ bytes: some Collection<UInt8>, hint: TextEncoding? = nil) -> String {
        if let hint, let text = hint.decode(bytes) { return text }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map(windows1252)))
    }

    /// The characters Windows-1252 puts at 0x80–0x9F; elsewhere it is Latin-1.
    private static let upperControls: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(upperControls[Int(byte - 0x80)])!
    }
}
