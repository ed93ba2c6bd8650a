import COpus
import Foundation
import RondoTesting
import Testing

@testable import Audio

/// What is particular to Opus: the encoder's pre-skip is dropped, and packets are decoded
/// by Rondo's own decoder exactly as libopusfile decodes them.
struct OpusDecoderTests {
    /// Stereo, mono and a chained file (a stereo link, then a mono one) read the same samples,
    /// to the bit, as libopusfile's own multistream decoder gives, from the start and after
    /// seeks forward, back, and within the packet just decoded.
    @Test(arguments: ["steps.opus", "tone660-mono.opus", "chained.opus"])
    func decodesWhatLibopusfileDecodes(_ name: String) throws {
        let path = Fixtures.path(name)
        let decoder = try AudioDecoders.open(path)
        let reference = try #require(LibopusfileReference(path: path, channels: decoder.format.channels))
        let all = try decoder.readAll()
        let expected = reference.readAll()
        let firstDifference = zip(all, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(all.count == expected.count)
        #expect(firstDifference == nil, "sample \(firstDifference ?? 0) of \(all.count) differs")
        for frame in [120_000, 48_000, 48_100, 4_000, 4_010] {
            try decoder.seek(toFrame: frame)
            reference.seek(toFrame: frame)
            let count = 9_600 * decoder.format.channels
            #expect(try decoder.read(count: count) == reference.read(count: count), "after a seek to \(frame)")
        }
    }

    /// The first samples are the tone's own, in phase with a 440 Hz sine starting at frame
    /// 0, not the encoder's 312 frames of pre-roll.
    @Test func preSkipIsHonoured() throws {
        let decoder = try AudioDecoders.open(Fixtures.path("tone440.opus"))
        let samples = Signals.firstChannel(try decoder.read(count: 2 * 4_800))
        func ideal(_ frame: Int) -> Float { Float(0.5 * sin(2 * Double.pi * 440 * Double(frame) / 48_000)) }
        // The lag (within half a period either way) at which the decoded tone best matches the ideal one.
        let lags = -54...54
        let errors = lags.map { lag in
            (lag, (480..<4_320).reduce(Float(0)) { $0 + abs(samples[$1] - ideal($1 + lag)) })
        }
        let best = try #require(errors.min { $0.1 < $1.1 })
        #expect(abs(best.0) <= 1, "the tone is \(best.0) frames out of phase")
        // Pre-roll would start silent or off-phase; the tone's first period is already there.
        let firstPeriod = (0..<109).reduce(Float(0)) { max($0, abs(samples[$1] - ideal($1))) }
        #expect(firstPeriod < 0.1, "the first 109 frames stray by \(firstPeriod)")
    }
}

/// libopusfile reading a file with its own decoder, as ``OpusDecoder`` reads it otherwise.
private final class LibopusfileReference {
    private let file: OpaquePointer
    private let channels: Int

    init?(path: String, channels: Int) {
        var status: Int32 = 0
        guard let file = op_open_file(path, &status) else { return nil }
        self.file = file
        self.channels = channels
    }

    deinit { op_free(file) }

    func seek(toFrame frame: Int) {
        _ = op_pcm_seek(file, ogg_int64_t(frame))
    }

    func read(count: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let frames = samples.withUnsafeMutableBufferPointer { buffer in
                let start = buffer.baseAddress! + filled
                let room = Int32(count - filled)
                return channels == 2 ? op_read_float_stereo(file, start, room) : op_read_float(file, start, room, nil)
            }
            if frames <= 0 { break }
            filled += Int(frames) * channels
        }
        return Array(samples.prefix(filled))
    }

    func readAll() -> [Float] {
        var samples: [Float] = []
        while true {
            let chunk = read(count: 8_192)
            if chunk.isEmpty { return samples }
            samples += chunk
        }
    }
}
