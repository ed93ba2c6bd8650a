import Foundation
import RondoTesting
import SinkMonitor
import Testing

@testable import Audio

/// What only Apple's formats ask of the FFmpeg decoder: ALAC is lossless, two AAC files cut
/// from one sine join without a gap, raw ADTS AAC plays, and what is not AAC or ALAC is
/// refused with a reason.
struct AppleFormatsDecoderTests {
    /// The ALAC file holds the 16-bit samples the FLAC file holds (it was made from them):
    /// both decode alike, to the last sample.
    @Test func alacDecodesExactlyAsTheLosslessSource() throws {
        let alac = try AudioDecoders.open(Fixtures.path("tone440-alac.m4a")).readAll()
        let flac = try AudioDecoders.open(Fixtures.path("tone440.flac")).readAll()
        #expect(alac.count == flac.count)
        #expect(largestDifference(alac, flac) == 0)
    }

    /// The two halves of a 1 kHz sine, each AAC with its encoder's priming and padding
    /// stated in an edit list, decode to exactly one second each and join with no silent
    /// 5 ms window.
    @Test func aacHalvesJoinWithoutAGap() throws {
        let first = try AudioDecoders.open(Fixtures.path("half-a.m4a")).readAll()
        let second = try AudioDecoders.open(Fixtures.path("half-b.m4a")).readAll()
        #expect(first.count == 2 * 44_100)
        #expect(second.count == 2 * 44_100)
        let joined = Signals.firstChannel(Array(first.suffix(4410) + second.prefix(4410)))
        let window = 220
        let quietest =
            stride(from: 0, to: joined.count - window, by: window / 2).map {
                SignalAnalysis.level(Array(joined[$0..<$0 + window]))
            }.min() ?? -200
        #expect(quietest > fixtureLevel - 3, "a 5 ms window at \(quietest) dBFS at the join")
    }

    /// Raw AAC in ADTS frames (no container) is told by its sync word and plays the tone.
    @Test func adtsAACPlays() throws {
        let decoder = try AudioDecoders.open(Fixtures.path("tone440.aac"))
        #expect(decoder is FFmpegDecoder)
        #expect(decoder.format == AudioFormat(sampleRate: 44_100, channels: 2))
        let samples = try decoder.readAll()
        #expect(abs(samples.count - 5 * 44_100 * 2) < 4096 * 2, "\(samples.count) samples")
        let middle = Signals.firstChannel(Array(samples[samples.count / 2..<samples.count / 2 + 8820]))
        #expect(abs(SignalAnalysis.level(middle, at: 440, sampleRate: 44_100) - fixtureLevel) < 0.5)
    }

    /// A stream whose frames change rate and channels midway (a stereo station's mono
    /// advert) comes out in its first format throughout, the second half converted.
    @Test func aFormatChangeMidwayIsConverted() throws {
        let decoder = try AudioDecoders.open(Fixtures.path("changing.aac"))
        #expect(decoder.format == AudioFormat(sampleRate: 44_100, channels: 2))
        let samples = try decoder.readAll()
        #expect(abs(samples.count - 2 * 44_100 * 2) < 8192 * 2, "\(samples.count) samples")
        let left = Signals.firstChannel(samples)
        let second = Array(left[(left.count * 3 / 4)..<(left.count * 3 / 4 + 8820)])
        #expect(abs(SignalAnalysis.level(second, at: 660, sampleRate: 44_100) - fixtureLevel) < 1)
    }

    /// An MP4 without audio, and one whose boxes are cut short, are refused with a reason.
    @Test func notAudioIsRefusedWithAReason() throws {
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("tone440.m4a"))))
        let cut = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("rondo-cut-\(getpid()).m4a")
        try Data(whole.prefix(600)).write(to: cut)
        defer { try? FileManager.default.removeItem(at: cut) }
        #expect {
            _ = try AudioDecoders.open(cut.path).readAll()
        } throws: { error in
            guard case AudioError.decodeFailed(_, let reason) = error else { return false }
            return !reason.isEmpty
        }
    }

    private var fixtureLevel: Double { 20 * log10(0.5 / 2.0.squareRoot()) }
}
