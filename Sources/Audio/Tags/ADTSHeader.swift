import TagReading

/// The fixed header of one ADTS frame of raw AAC: a 12-bit sync word, layer 0, the sampling
/// frequency's index, the channel configuration and the frame's length.
struct ADTSHeader: Equatable {
    /// The sampling frequencies by index (ISO/IEC 14496-3).
    static let rates = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350]
    /// Samples per channel in one frame.
    static let samplesPerFrame = 1024

    var sampleRate: Int
    var channels: Int
    /// The frame's length in bytes, header included.
    var frameLength: Int

    /// The header `bytes` begin with; `nil` when they do not begin with one.
    init?(_ bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(7))
        guard head.count == 7, head[0] == 0xFF, head[1] & 0xF6 == 0xF0 else { return nil }
        let rateIndex = Int(head[2] >> 2 & 0x0F)
        guard rateIndex < Self.rates.count else { return nil }
        sampleRate = Self.rates[rateIndex]
        channels = Int(head[2] & 0x01) << 2 | Int(head[3] >> 6)
        frameLength = Int(head[3] & 0x03) << 11 | Int(head[4]) << 3 | Int(head[5] >> 5)
        guard frameLength > 7 else { return nil }
    }

    /// What a raw AAC file's first frame tells: rate, channels, and a length estimated from
    /// the file's size at that frame's size (ADTS states no length; a scan reads no more).
    static func tags(of file: TagFile, at offset: Int) throws(TagReadFailure) -> FileTags {
        guard let first = ADTSHeader(try file.bytes(at: offset, count: 7)) else {
            throw .malformed(format: "AAC", reason: "no ADTS frame header")
        }
        var tags = FileTags(sampleRate: first.sampleRate, channels: max(1, first.channels))
        let frames = Double(file.size - offset) / Double(first.frameLength)
        tags.duration = frames * Double(samplesPerFrame) / Double(first.sampleRate)
        return tags
    }
}
