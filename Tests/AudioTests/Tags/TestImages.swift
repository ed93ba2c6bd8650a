/// Tiny but valid images built from bytes, so the tag tests need no image tools.
enum TestImages {
    /// An 8-bit greyscale PNG of `width` × `height` mid-grey pixels: signature, IHDR, one
    /// IDAT holding a zlib stream of a single stored deflate block, IEND.
    static func png(width: Int, height: Int) -> [UInt8] {
        let rows = (0..<height).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: width) }
        var zlib: [UInt8] = [0x78, 0x01, 0x01]
        zlib += littleEndian16(rows.count) + littleEndian16(~rows.count & 0xFFFF) + rows
        zlib += bigEndian32(adler32(rows))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian32(width) + bigEndian32(height) + [8, 0, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A greyscale JPEG of `width` × `height` mid-grey pixels: JFIF APP0, a flat
    /// quantisation table, the start-of-frame `marker` (C0 baseline by default), one-code
    /// Huffman tables and a scan in which every 8×8 block is "DC unchanged, end of block".
    /// With `marker` C2 only the header is meaningful (for the size reader).
    static func jpeg(width: Int, height: Int, marker: UInt8 = 0xC0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, marker, 0x00, 0x0B, 8] + bigEndian16(height) + bigEndian16(width) + [1, 1, 0x11, 0]
        for tableClass: UInt8 in [0x00, 0x10] {
            bytes += [0xFF, 0xC4, 0x00, 0x14, tableClass, 1] + [UInt8](repeating: 0, count: 15) + [0]
        }
        bytes += [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0x00, 0, 63, 0]
        let bits = 2 * ((width + 7) / 8) * ((height + 7) / 8)
        var scan = [UInt8](repeating: 0, count: (bits + 7) / 8)
        if bits % 8 != 0 { scan[scan.count - 1] = 0xFF >> (bits % 8) }
        return bytes + scan + [0xFF, 0xD9]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian32(data.count) + typed + bigEndian32(Int(crc32(typed)))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> Int {
        var a = 1
        var b = 0
        for byte in bytes {
            a = (a + Int(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    private static func littleEndian16(_ value: Int) -> [UInt8] { bigEndian16(value).reversed() }

    private static func bigEndian32(_ value: Int) -> [UInt8] { bigEndian16(value >> 16) + bigEndian16(value) }
}
