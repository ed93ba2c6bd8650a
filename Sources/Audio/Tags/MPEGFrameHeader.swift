/// The four-byte header of an MPEG-1/2/2.5 audio frame (layers I–III), as far as it tells
/// where the next frame starts.
struct MPEGFrameHeader: Equatable {
    /// 1 for MPEG-1, 2 for MPEG-2, 25 for MPEG-2.5.
    let version: Int
    /// 1, 2 or 3.
    let layer: Int
    let sampleRate: Int
    /// Bytes from this header to the next frame's header.
    let frameLength: Int

    private static let bitRates: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // MPEG-1 layer I
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],  // MPEG-1 layer II
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],  // MPEG-1 layer III
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],  // MPEG-2/2.5 layer I
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],  // MPEG-2/2.5 layers II and III
    ]

    /// Parses the header at `offset`; `nil` unless the four bytes are a valid header with a
    /// known bit rate (free-format streams are not accepted).
    init?(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let versionBits = Int(bytes[offset + 1] >> 3 & 3)
        let layerBits = Int(bytes[offset + 1] >> 1 & 3)
        let bitRateIndex = Int(bytes[offset + 2] >> 4)
        let sampleRateIndex = Int(bytes[offset + 2] >> 2 & 3)
        let padding = Int(bytes[offset + 2] >> 1 & 1)
        guard versionBits != 1, layerBits != 0, (1...14).contains(bitRateIndex), sampleRateIndex != 3,
            bytes[offset + 3] & 3 != 2
        else { return nil }
        version = [25, 0, 2, 1][versionBits]
        layer = 4 - layerBits
        let baseRate = [44_100, 48_000, 32_000][sampleRateIndex]
        sampleRate = version == 1 ? baseRate : version == 2 ? baseRate / 2 : baseRate / 4
        let table = version == 1 ? layer - 1 : layer == 1 ? 3 : 4
        let bitRate = Self.bitRates[table][bitRateIndex - 1] * 1000
        switch layer {
        case 1: frameLength = (12 * bitRate / sampleRate + padding) * 4
        case 2: frameLength = 144 * bitRate / sampleRate + padding
        default: frameLength = (version == 1 ? 144 : 72) * bitRate / sampleRate + padding
        }
    }

    /// Whether `other` can be the next frame of the same stream.
    func continues(with other: MPEGFrameHeader) -> Bool {
        version == other.version && layer == other.layer && sampleRate == other.sampleRate
    }
}
