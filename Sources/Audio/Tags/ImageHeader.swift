/// The format and pixel size of an image, read from its first bytes without decoding it.
///
/// Knows PNG (the IHDR chunk), JPEG (the first start-of-frame marker: baseline SOF0,
/// progressive SOF2 and the other SOFn), GIF (the logical screen descriptor) and WebP (the
/// first chunk: `VP8X`'s canvas, `VP8 `'s key frame or `VP8L`'s header).
enum ImageHeader {
    /// An image file format the header reader knows.
    enum Format: Equatable {
        case jpeg, png, gif, webp

        /// Its MIME type.
        var mimeType: String {
            switch self {
            case .jpeg: "image/jpeg"
            case .png: "image/png"
            case .gif: "image/gif"
            case .webp: "image/webp"
            }
        }

        /// The file name extension used for it.
        var fileExtension: String {
            switch self {
            case .jpeg: "jpg"
            case .png: "png"
            case .gif: "gif"
            case .webp: "webp"
            }
        }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format the magic bytes at the start of `bytes` name, `nil` for anything else.
    static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    /// Width and height in pixels, `nil` when the header is truncated, malformed or says 0.
    static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        let size: (width: Int, height: Int)?
        switch format(of: bytes) {
        case .png: size = pngSize(bytes)
        case .jpeg: size = jpegSize(bytes)
        case .gif: size = bytes.count >= 10 ? (littleEndian16(bytes, 6), littleEndian16(bytes, 8)) : nil
        case .webp: size = webpSize(bytes)
        case nil: size = nil
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// The first chunk after `RIFF…WEBP`: `VP8X` holds the canvas's width and height less
    /// one (24 bits each); `VP8 ` a key frame's start code then 14-bit width and height;
    /// `VP8L` its signature byte then width and height less one, 14 bits each.
    private static func webpSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 30 else { return nil }
        func little24(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8X":
            return (little24(24) + 1, little24(27) + 1)
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return (littleEndian16(bytes, 26) & 0x3FFF, littleEndian16(bytes, 28) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        default:
            return nil
        }
    }

    /// IHDR is the first chunk: length, `IHDR`, then big-endian width and height.
    private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (bigEndian32(bytes, 16), bigEndian32(bytes, 20))
    }

    /// Walks the marker segments up to the first SOFn (C0–CF except DHT C4, JPG C8 and
    /// DAC CC), whose payload is precision, height, width.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF:
                index += 1
                continue
            case 0x01, 0xD0...0xD8:
                index += 2
                continue
            case 0xD9, 0xDA:
                return nil
            default:
                break
            }
            guard index + 3 < bytes.count else { return nil }
            let length = bigEndian16(bytes, index + 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7, index + 8 < bytes.count else { return nil }
                return (bigEndian16(bytes, index + 7), bigEndian16(bytes, index + 5))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    private static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        bigEndian16(bytes, at) << 16 | bigEndian16(bytes, at + 2)
    }

    private static func littleEndian16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }
}
