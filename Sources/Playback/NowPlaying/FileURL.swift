/// `file://` URLs of absolute paths, for the now-playing `assetURL`.
enum FileURL {
    /// The URL of `path`: every byte outside the unreserved set percent-encoded, slashes kept.
    static func string(for path: String) -> String {
        "file://"
            + path.split(separator: "/", omittingEmptySubsequences: false)
            .map { percentEncoded(String($0)) }
            .joined(separator: "/")
    }

    private static func percentEncoded(_ component: String) -> String {
        var encoded = ""
        for byte in component.utf8 {
            let isUnreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || "-._~".utf8.contains(byte)
            if isUnreserved {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = Array("0123456789ABCDEF")
                encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return encoded
    }
}
