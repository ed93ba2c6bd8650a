import Foundation
import RondoTesting
import Testing

@testable import Audio

/// The WAV decoder on files sox writes in every supported layout, and on broken files.
struct WAVDecoderTests {
    /// One sox output layout.
    struct Layout: Sendable, CustomTestStringConvertible {
        var bits: Int
        var encoding: String
        var channels: Int
        var testDescription: String { "\(bits)-bit \(encoding), \(channels) ch" }
    }

    /// A named broken file.
    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    static let layouts: [Layout] = [1, 2].flatMap { channels in
        [
            Layout(bits: 8, encoding: "unsigned-integer", channels: channels),
            Layout(bits: 16, encoding: "signed-integer", channels: channels),
            Layout(bits: 24, encoding: "signed-integer", channels: channels),
            Layout(bits: 32, encoding: "signed-integer", channels: channels),
            Layout(bits: 32, encoding: "floating-point", channels: channels),
            Layout(bits: 64, encoding: "floating-point", channels: channels),
        ]
    }

    static let broken: [Broken] = {
        let valid = WAVBytes().bytes
        var random = SplitMix64(seed: 42)
        func with(_ change: (inout WAVBytes) -> Void) -> [UInt8] {
            var wav = WAVBytes()
            change(&wav)
            return wav.bytes
        }
        return [
            Broken(name: "empty", bytes: []),
            Broken(name: "truncated header", bytes: Array(valid.prefix(30))),
            Broken(name: "RIFX (big-endian)", bytes: with { $0.riff = "RIFX" }),
            Broken(name: "not WAVE", bytes: with { $0.wave = "AVI " }),
            Broken(name: "fmt chunk too small", bytes: with { $0.fmtSize = 8 }),
            Broken(name: "fmt chunk huge", bytes: with { $0.fmtSize = 0xFFFF_FFF0 }),
            Broken(name: "zero channels", bytes: with { $0.channels = 0 }),
            Broken(name: "six channels", bytes: with { $0.channels = 6 }),
            Broken(name: "zero sample rate", bytes: with { $0.sampleRate = 0 }),
            Broken(name: "huge sample rate", bytes: with { $0.sampleRate = 0xFFFF_FFFF }),
            Broken(name: "12-bit samples", bytes: with { $0.bits = 12 }),
            Broken(name: "zero bits", bytes: with { $0.bits = 0 }),
            Broken(name: "ADPCM", bytes: with { $0.formatCode = 2 }),
            Broken(name: "block size mismatch", bytes: with { $0.blockAlign = 3 }),
            Broken(name: "extensible header cut short", bytes: with { $0.formatCode = 0xFFFE }),
            Broken(name: "no data chunk", bytes: with { $0.includeData = false }),
            Broken(
                name: "huge data chunk before fmt",
                bytes: with {
                    $0.dataFirst = true
                    $0.dataSize = 0xFFFF_FFFF
                }),
            Broken(name: "random bytes", bytes: (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }),
            Broken(
                name: "RIFF/WAVE then random bytes", bytes: Array(valid.prefix(12)) + (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }
            ),
        ]
    }()

    /// Every layout sox writes decodes to the file's format, its frame count and the
    /// sine's amplitude (0.5 within 0.02).
    @Test(arguments: layouts)
    func decodesSoxOutput(layout: Layout) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-wav")
        defer { directory.remove() }
        let path = directory.appending("tone.wav")
        let made = Subprocess.run([
            "/usr/bin/sox", "-D", "-n", "-r", "22050", "-c", "\(layout.channels)", "-b", "\(layout.bits)",
            "-e", layout.encoding, path, "synth", "0.5", "sine", "440", "vol", "0.5",
        ])
        try #require(made == 0)
        let decoder = try WAVDecoder(source: FileByteSource(path: path))
        #expect(decoder.format == AudioFormat(sampleRate: 22050, channels: layout.channels))
        #expect(decoder.frameCount == 11025)
        let samples = try Self.readAll(decoder)
        #expect(samples.count == 11025 * layout.channels)
        let peak = samples.map(abs).max() ?? 0
        #expect(abs(peak - 0.5) <= 0.02, "peak \(peak)")
    }

    /// A seek lands on the frame asked for: what follows is the rest of the file.
    @Test func seekLandsOnTheFrame() throws {
        let path = try Self.write(WAVBytes(channels: 2, frames: 100).bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoder = try WAVDecoder(source: FileByteSource(path: path))
        let all = try Self.readAll(decoder)
        try decoder.seek(toFrame: 60)
        let rest = try Self.readAll(decoder)
        #expect(rest == Array(all.suffix(80)))
        #expect(throws: AudioError.self) { try decoder.seek(toFrame: 101) }
    }

    /// A data chunk that claims more than the file holds is read to the end of the file.
    @Test func overstatedDataIsReadToTheEnd() throws {
        let path = try Self.write(WAVBytes(frames: 10, dataSize: 1_000_000).bytes + [0x12])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoder = try WAVDecoder(source: FileByteSource(path: path))
        #expect(decoder.frameCount == 10)
        #expect(try Self.readAll(decoder).count == 10)
    }

    /// A broken or foreign file is refused with `decodeFailed` and a reason, never a crash.
    @Test(arguments: broken)
    func refusesBrokenFile(file: Broken) throws {
        let path = try Self.write(file.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try WAVDecoder(source: FileByteSource(path: path))
        } throws: { error in
            guard case .decodeFailed(let failedPath, let reason) = error as? AudioError else { return false }
            return failedPath == path && !reason.isEmpty
        }
    }

    /// Random damage to a header either is refused with `decodeFailed` or yields a file
    /// that reads to its end within the file's size: never a crash or a runaway read.
    @Test func survivesRandomDamage() throws {
        var random = SplitMix64(seed: 7)
        let valid = WAVBytes(channels: 2, frames: 64).bytes
        for _ in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<44, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let path = try Self.write(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                let decoder = try WAVDecoder(source: FileByteSource(path: path))
                #expect(try Self.readAll(decoder).count <= bytes.count)
            } catch {
                guard let error = error as? AudioError, case .decodeFailed = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
            }
        }
    }

    private static func readAll(_ decoder: WAVDecoder) throws -> [Float] {
        var result: [Float] = []
        var buffer = [Float](repeating: 0, count: 1000)
        while true {
            let count = try buffer.withUnsafeMutableBufferPointer { try decoder.read(into: $0) }
            if count == 0 { return result }
            result += buffer.prefix(count)
        }
    }

    private static func write(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "/rondo-wav-\(UUID().uuidString).wav"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
