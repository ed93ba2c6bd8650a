import Foundation
import RondoTesting
import SinkMonitor
import Testing

@testable import Audio

/// What is particular to FLAC: integer samples of any depth, and a length it can hold a file to.
struct FLACDecoderTests {
    /// A 440 Hz half-scale tone stored at 8, 16, 24 or 32 bits decodes to the same
    /// half-scale Float32 tone.
    @Test(arguments: [8, 16, 24, 32])
    func everyBitDepthScalesToUnity(bits: Int) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-flac")
        defer { directory.remove() }
        let wav = directory.appending("tone.wav")
        let flac = directory.appending("tone.flac")
        let sox = ["/usr/bin/sox", "-n", "-r", "44100", "-c", "2", "-e", "signed-integer", "-b", "\(bits)", wav]
        #expect(Subprocess.run(sox + ["synth", "1", "sine", "440", "vol", "0.5"]) == 0)
        #expect(Subprocess.run(["/usr/bin/flac", "--silent", "-o", flac, wav]) == 0)
        let decoder = try AudioDecoders.open(flac)
        #expect(decoder is FLACDecoder)
        #expect(decoder.frameCount == 44_100)
        let samples = try decoder.readAll()
        #expect(samples.count == 2 * 44_100)
        let peak = samples.reduce(0) { max($0, abs($1)) }
        #expect(abs(peak - 0.5) < 0.01, "peak \(peak)")
        #expect(SignalAnalysis.dominantFrequency(Signals.firstChannel(samples)) == 440)
    }

    /// A FLAC file cut short in its audio plays what it has, then fails saying it is
    /// truncated, wherever the cut falls: in a frame's header or just after it (libFLAC meets
    /// the end in its frame reader then, not while looking for the next frame), or in the
    /// middle of a frame.
    @Test(arguments: Array(0..<20) + [100, 500])
    func truncatedAudioFails(bytesIntoAFrame: Int) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-flac")
        defer { directory.remove() }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("tone440.flac"))))
        // The first frame header (sync code 0xFFF8 or 0xFFF9) from the middle of the file on.
        let frameStart = try #require((bytes.count / 2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] & 0xFE == 0xF8 })
        let path = directory.appending("cut.flac")
        try Data(bytes.prefix(frameStart + bytesIntoAFrame)).write(to: URL(fileURLWithPath: path))
        let decoder = try AudioDecoders.open(path)
        let heard = try decoder.read(count: 44_100 * 2)
        #expect(heard.count == 44_100 * 2)
        let error = #expect(throws: AudioError.self) { _ = try decoder.readAll() }
        guard case .decodeFailed(_, let reason)? = error else { return }
        #expect(reason.contains("truncated"), "\(reason)")
    }
}
