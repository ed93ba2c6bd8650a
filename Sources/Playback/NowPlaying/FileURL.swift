/// `file://` URLs of absolute paths, for the now-playing `assetURL`.
enum FileURL {
    /// The URL of `path`: every byte outside the unreserved set percent-encoded, slashes kept;
    /// a location that is already an `http` or `https` URL stays itself.
    ///
    /// Built byte by byte, as it is on every now-playing change.
    static func string(for path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        var url = Array("file://".utf8)
        url.reserveCapacity(url.count + path.utf8.count + 16)
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") || isUnreserved(byte) {
                url.append(byte)
            } else {
                url.append(UInt8(ascii: "%"))
                url.append(hexDigits[Int(byte >> 4)])
                url.append(hexDigits[Int(byte & 0xF)])
            }
        }
        return String(decoding: url, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
