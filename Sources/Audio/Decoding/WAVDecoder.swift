import Glibc

/// An ``AudioDecoder`` for RIFF/WAVE files holding integer PCM (8-bit unsigned, 16-, 24- or
/// 32-bit signed) or IEEE float (32- or 64-bit), mono or stereo, at any rate from 1 kHz to
/// 384 kHz; `WAVE_FORMAT_EXTENSIBLE` headers are read through their sub-format.
///
/// Every header field and chunk size is checked against the file before it is used, so a
/// malformed file throws ``AudioError/decodeFailed(_:reason:)`` and never traps. A `data`
/// chunk that claims more than the file holds (a writer that was cut off, or one that
/// streamed and never came back to fix the size) is read to the end of the file.
final class WAVDecoder: AudioDecoder {
    /// How the samples of a file are stored.
    private enum Encoding {
        case unsigned8, signed16, signed24, signed32, float32, float64
    }

    /// Where the samples are and how they are stored, as the header says.
    private struct Layout {
        var sampleRate: Int
        var channels: Int
        var encoding: Encoding
        var blockAlign: Int
        var dataStart: Int
        var dataLength: Int
    }

    /// Why a file is not one this decoder reads.
    private struct Malformed: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    let format: AudioFormat
    let frameCount: Int?
    private let source: any ByteSource
    private let path: String
    private let encoding: Encoding
    private let blockAlign: Int
    private let dataStart: Int
    private var position = 0
    /// Raw bytes of one read, allocated once.
    private let scratch: UnsafeMutableRawBufferPointer

    /// Frames read per call at most, bounding ``scratch``.
    private static let framesPerRead = 4096

    /// Reads the header of the WAV file `source` holds (a source of known length).
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when it cannot be read or is not a
    ///   WAV file of a supported kind; the reason names what is wrong.
    init(source: any ByteSource) throws(AudioError) {
        let path = source.name
        do {
            let layout = try Self.readLayout(source)
            self.source = source
            self.path = path
            encoding = layout.encoding
            blockAlign = layout.blockAlign
            dataStart = layout.dataStart
            format = AudioFormat(sampleRate: layout.sampleRate, channels: layout.channels)
            frameCount = layout.dataLength / layout.blockAlign
        } catch {
            throw .decodeFailed(path, reason: error.reason)
        }
        scratch = .allocate(byteCount: Self.framesPerRead * blockAlign, alignment: 8)
        try source.seek(to: Int64(dataStart))
    }

    deinit {
        scratch.deallocate()
    }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(AudioError) -> Int {
        let channels = format.channels
        let wanted = min(buffer.count / channels, (frameCount ?? 0) - position, Self.framesPerRead)
        guard wanted > 0 else { return 0 }
        let got = try source.readFully(into: UnsafeMutableRawBufferPointer(rebasing: scratch[..<(wanted * blockAlign)])) / blockAlign
        convert(samples: got * channels, into: buffer)
        // A file that shrank under us ends here rather than being read again.
        position = got < wanted ? frameCount ?? 0 : position + got
        return got * channels
    }

    func seek(toFrame frame: Int) throws(AudioError) {
        guard frame >= 0, frame <= frameCount ?? 0, (try? source.seek(to: Int64(dataStart + frame * blockAlign))) != nil
        else { throw .decodeFailed(path, reason: "cannot seek to frame \(frame)") }
        position = frame
    }

    private func convert(samples count: Int, into buffer: UnsafeMutableBufferPointer<Float>) {
        let bytes = UnsafeRawBufferPointer(scratch)
        for index in 0..<count {
            let value: Float
            switch encoding {
            case .unsigned8:
                value = (Float(bytes[index]) - 128) / 128
            case .signed16:
                value = Float(Int16(truncatingIfNeeded: Self.integer(bytes, at: index * 2, width: 2))) / 32768
            case .signed24:
                // Shifting the 24 bits to the top of an Int32 carries the sign along.
                value = Float(Int32(truncatingIfNeeded: Self.integer(bytes, at: index * 3, width: 3) << 8)) / 2_147_483_648
            case .signed32:
                value = Float(Int32(truncatingIfNeeded: Self.integer(bytes, at: index * 4, width: 4))) / 2_147_483_648
            case .float32:
                value = Float(bitPattern: UInt32(truncatingIfNeeded: Self.integer(bytes, at: index * 4, width: 4)))
            case .float64:
                value = Float(Double(bitPattern: Self.integer(bytes, at: index * 8, width: 8)))
            }
            // Float files may hold anything; the server must never get NaN or infinity.
            buffer[index] = value.isFinite ? value : 0
        }
    }

    // MARK: Header

    /// Walks the RIFF chunks for `fmt ` and `data`, checking every size against the file.
    private static func readLayout(_ source: any ByteSource) throws(Malformed) -> Layout {
        guard let length = source.length.map(Int.init) else { throw Malformed("the file cannot be measured") }
        let riff = try bytes(source, at: 0, count: 12, within: length)
        guard riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else {
            throw Malformed("not a RIFF/WAVE file")
        }
        var offset = 12
        var found: (sampleRate: Int, channels: Int, encoding: Encoding, blockAlign: Int)?
        var data: (start: Int, length: Int)?
        while offset + 8 <= length, found == nil || data == nil {
            let header = try bytes(source, at: offset, count: 8, within: length)
            let size = Int(integer(header, at: 4, width: 4))
            let body = offset + 8
            if header[0..<4].elementsEqual("data".utf8) {
                data = (body, min(size, length - body))
            } else if header[0..<4].elementsEqual("fmt ".utf8) {
                guard size >= 16, body + size <= length else {
                    throw Malformed("the fmt chunk's size (\(size) bytes) does not fit the file")
                }
                found = try parseFormat(bytes(source, at: body, count: min(size, 40), within: length))
            }
            // Chunks are padded to an even length.
            offset = body + size + size % 2
        }
        guard let found else { throw Malformed("no usable fmt chunk") }
        guard let data else { throw Malformed("no data chunk") }
        return Layout(
            sampleRate: found.sampleRate, channels: found.channels, encoding: found.encoding,
            blockAlign: found.blockAlign, dataStart: data.start, dataLength: data.length)
    }

    /// Reads the format fields of a `fmt ` chunk body (at least 16 bytes).
    private static func parseFormat(
        _ body: [UInt8]
    ) throws(Malformed) -> (sampleRate: Int, channels: Int, encoding: Encoding, blockAlign: Int) {
        var code = integer(body, at: 0, width: 2)
        let channels = Int(integer(body, at: 2, width: 2))
        let sampleRate = Int(integer(body, at: 4, width: 4))
        let blockAlign = Int(integer(body, at: 12, width: 2))
        let bits = Int(integer(body, at: 14, width: 2))
        if code == 0xFFFE {
            // WAVE_FORMAT_EXTENSIBLE: the real format code opens the sub-format GUID.
            guard body.count >= 40 else { throw Malformed("the extensible fmt chunk is too short") }
            code = integer(body, at: 24, width: 2)
        }
        guard channels == 1 || channels == 2 else {
            throw Malformed("\(channels) channels; only mono and stereo are supported")
        }
        guard (1_000...384_000).contains(sampleRate) else { throw Malformed("unsupported sample rate \(sampleRate) Hz") }
        let encoding: Encoding
        switch (code, bits) {
        case (1, 8): encoding = .unsigned8
        case (1, 16): encoding = .signed16
        case (1, 24): encoding = .signed24
        case (1, 32): encoding = .signed32
        case (3, 32): encoding = .float32
        case (3, 64): encoding = .float64
        default: throw Malformed("unsupported sample format (code \(code), \(bits) bits)")
        }
        guard blockAlign == channels * bits / 8 else {
            throw Malformed("block size \(blockAlign) does not match \(channels) channels of \(bits) bits")
        }
        return (sampleRate, channels, encoding, blockAlign)
    }

    /// `count` bytes at `offset`, which must lie within the file's `length`.
    private static func bytes(
        _ source: any ByteSource, at offset: Int, count: Int, within length: Int
    ) throws(Malformed) -> [UInt8] {
        guard offset + count <= length else { throw Malformed("the file ends inside its header") }
        var result = [UInt8](repeating: 0, count: count)
        let read = result.withUnsafeMutableBytes { buffer in
            (try? source.seek(to: Int64(offset))).flatMap { try? source.readFully(into: buffer) }
        }
        guard read == count else { throw Malformed("the header cannot be read") }
        return result
    }

    /// The little-endian unsigned integer of `width` bytes at `offset`.
    private static func integer(_ bytes: some RandomAccessCollection<UInt8>, at offset: Int, width: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in 0..<width { value |= UInt64(bytes[bytes.index(bytes.startIndex, offsetBy: offset + byte)]) << (8 * byte) }
        return value
    }
}
