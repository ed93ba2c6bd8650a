/// Builds ID3v2.2, 2.3 and 2.4 tags frame by frame, for cases `lame` cannot write: ID3v2.2
/// three-letter frames, several pictures, several values in one frame, empty text frames.
struct ID3v2TagBuilder {
    /// The major version: 2 (three-letter ids, 24-bit sizes), 3 or 4 (synchsafe sizes).
    let version: UInt8
    private var frames: [UInt8] = []

    /// Starts an empty tag of ID3v2.`version`.
    init(version: UInt8) {
        precondition((2...4).contains(version))
        self.version = version
    }

    /// Adds a text frame in ISO-8859-1 (encoding 0) or UTF-8 (encoding 3).
    mutating func text(_ id: String, _ value: String, latin1: Bool = true) {
        let encoded = latin1 ? value.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } : Array(value.utf8)
        frame(id, [latin1 ? 0 : 3] + encoded)
    }

    /// Adds a picture: APIC (MIME type) in 2.3, PIC (three-letter image format) in 2.2.
    mutating func picture(type: UInt8, format: String, _ data: [UInt8]) {
        let head: [UInt8] = version == 2 ? Array(format.utf8) : Array(format.utf8) + [0]
        frame(version == 2 ? "PIC" : "APIC", [0] + head + [type] + Array("cover".utf8) + [0] + data)
    }

    /// Adds a frame with a raw payload.
    mutating func frame(_ id: String, _ payload: [UInt8]) {
        precondition(id.utf8.count == (version == 2 ? 3 : 4))
        let size = payload.count
        frames += Array(id.utf8)
        if version == 2 {
            frames += [UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        } else {
            let bits = version == 4 ? 7 : 8
            frames += [3, 2, 1, 0].map { UInt8(size >> ($0 * bits) & ((1 << bits) - 1)) } + [0, 0]
        }
        frames += payload
    }

    /// The whole tag: header with its synchsafe size, then the frames.
    var bytes: [UInt8] {
        let synchsafe = [21, 14, 7, 0].map { UInt8(frames.count >> $0 & 0x7F) }
        return Array("ID3".utf8) + [version, 0, 0] + synchsafe + frames
    }
}
