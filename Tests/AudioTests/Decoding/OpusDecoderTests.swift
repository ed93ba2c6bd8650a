import Foundation
import RondoTesting
import Testing

@testable import Audio

/// What is particular to Opus: the encoder's pre-skip is dropped.
struct OpusDecoderTests {
    /// The first samples are the tone's own, in phase with a 440 Hz sine starting at frame
    /// 0, not the encoder's 312 frames of pre-roll.
    @Test func preSkipIsHonoured() throws {
        let decoder = try AudioDecoders.open(path: Fixtures.path("tone440.opus"))
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
