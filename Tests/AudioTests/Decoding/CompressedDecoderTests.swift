import Foundation
import RondoTesting
import SinkMonitor
import Testing

@testable import Audio

/// The FLAC, Vorbis and Opus decoders behind the one ``AudioDecoder`` seam.
struct CompressedDecoderTests {
    /// Each format's 440 Hz tone opens with its own decoder, at the stream's rate and
    /// channels, with the exact length, and decodes to that many frames of a half-scale 440 Hz sine.
    @Test(arguments: CompressedFormat.allCases)
    func formatLengthAndContent(format: CompressedFormat) throws {
        let decoder = try AudioDecoders.open(format.fixture("tone440"))
        #expect(ObjectIdentifier(type(of: decoder)) == ObjectIdentifier(format.decoderType))
        #expect(decoder.format == AudioFormat(sampleRate: format.sampleRate, channels: 2))
        #expect(decoder.frameCount == 5 * format.sampleRate)
        let samples = try decoder.readAll()
        #expect(samples.count == 5 * format.sampleRate * 2)
        let middle = Signals.firstChannel(Array(samples[samples.count / 2..<samples.count / 2 + 2 * 4410]))
        let level = SignalAnalysis.level(middle, at: 440, sampleRate: Double(format.sampleRate))
        #expect(abs(level - 20 * log10(0.5 / 2.0.squareRoot())) < 0.5, "level \(level) dBFS")
    }

    /// A seek lands on the exact frame: what follows matches a decode from the start at
    /// that frame, and is told apart from the frame after it. (Opus is compared once its
    /// decoder has settled: its state after a seek differs for a few milliseconds.)
    @Test(arguments: CompressedFormat.allCases)
    func seekIsSampleAccurate(format: CompressedFormat) throws {
        let reference = try AudioDecoders.open(format.fixture("steps")).readAll()
        let decoder = try AudioDecoders.open(format.fixture("steps"))
        let frames = reference.count / 2
        #expect(decoder.frameCount == frames)
        let settle = format.settlingFrames
        for target in [2, 4_095, 3 * format.sampleRate, 7 * format.sampleRate + 17, frames - 300 - settle, 0] {
            try decoder.seek(toFrame: target)
            let heard = try decoder.read(count: 2 * (settle + 256)).dropFirst(2 * settle)
            let from = 2 * (target + settle)
            let expected = reference[from..<from + 512]
            #expect(heard.count == expected.count)
            let difference = largestDifference(heard, expected)
            #expect(difference <= format.seekTolerance, "frame \(target): off by \(difference)")
            // Whatever the codec's noise, the decode lines up best with the reference at the target itself.
            let bestLag = (-2...2).filter { from + 2 * $0 >= 0 }.min { lag, other in
                rmsDifference(heard, reference[from + 2 * lag..<from + 2 * lag + 512])
                    < rmsDifference(heard, reference[from + 2 * other..<from + 2 * other + 512])
            }
            #expect(bestLag == 0, "frame \(target): lines up \(bestLag ?? 0) frames off")
        }
    }

    /// The decoder is chosen by content: a FLAC, Vorbis or Opus file named `.mp3` still
    /// decodes as itself.
    @Test(arguments: CompressedFormat.allCases)
    func chosenByContentNotName(format: CompressedFormat) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-decoders")
        defer { directory.remove() }
        let renamed = directory.appending("song.mp3")
        try FileManager.default.copyItem(atPath: format.fixture("tone440"), toPath: renamed)
        let decoder = try AudioDecoders.open(renamed)
        #expect(ObjectIdentifier(type(of: decoder)) == ObjectIdentifier(format.decoderType))
    }

    /// A file cut short inside its headers, or with its headers overwritten after the magic
    /// bytes, fails with `decodeFailed` naming the file and a reason, never a crash.
    @Test(arguments: CompressedFormat.allCases)
    func damagedHeadersFail(format: CompressedFormat) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-decoders")
        defer { directory.remove() }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: format.fixture("tone440"))))
        let damaged = [
            "cut": Array(bytes.prefix(40)),
            "overwritten": bytes.prefix(4) + [UInt8](repeating: 0xA5, count: 200) + bytes.dropFirst(204),
        ]
        for (name, contents) in damaged {
            let path = directory.appending("\(name).\(format.fileExtension)")
            try Data(contents).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: AudioError.self, "\(name)") { _ = try AudioDecoders.open(path).readAll() }
            guard case .decodeFailed(let failedPath, let reason)? = error else { continue }
            #expect(failedPath == path)
            #expect(!reason.isEmpty)
        }
    }
}
