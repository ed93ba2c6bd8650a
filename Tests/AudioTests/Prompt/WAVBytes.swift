/// Hand-built WAV files, well-formed or broken on purpose, for the decoder's tests.
struct WAVBytes {
    var riff = "RIFF"
    var wave = "WAVE"
    var formatCode: UInt16 = 1
    var channels: UInt16 = 1
    var sampleRate: UInt32 = 8_000
    var bits: UInt16 = 16
    var blockAlign: UInt16?
    var fmtSize: UInt32?
    /// Extra bytes at the end of the fmt body (an extensible header's tail).
    var fmtTail: [UInt8] = []
    var frames = 16
    var dataSize: UInt32?
    var dataFirst = false
    var includeData = true

    /// The file's bytes: a ramp of 16-bit-range samples in the stated layout.
    var bytes: [UInt8] {
        let align = blockAlign ?? channels * bits / 8
        var fmt = Self.word(formatCode) + Self.word(channels) + Self.long(sampleRate)
        fmt += Self.long(sampleRate &* UInt32(align)) + Self.word(align) + Self.word(bits) + fmtTail
        let fmtChunk = Array("fmt ".utf8) + Self.long(fmtSize ?? UInt32(fmt.count)) + fmt
        let samples = (0..<(frames * Int(align))).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let dataChunk = Array("data".utf8) + Self.long(dataSize ?? UInt32(samples.count)) + samples
        let chunks = !includeData ? fmtChunk : dataFirst ? dataChunk + fmtChunk : fmtChunk + dataChunk
        return Array(riff.utf8) + Self.long(UInt32(4 + chunks.count)) + Array(wave.utf8) + chunks
    }

    private static func word(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    private static func long(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
