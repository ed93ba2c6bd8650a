import Foundation
import RondoTesting
import Testing

@testable import Audio

/// The decoder chooser and the FLAC, Vorbis and Opus decoders on damaged files: they never
/// crash or hang, and every failure is a `decodeFailed` with a reason.
@Suite(.tags(.fuzz), .fullLane(.fuzz))
struct DecoderFuzzTests {
    /// The samples read from each damaged file at most: a few seconds is enough to reach
    /// the damage in the small seeds.
    private static let sampleLimit = 48_000 * 2 * 3
    private static let filesPerFormat = 150

    /// Random headers of every length never trap the magic-byte chooser.
    @Test func chooserTakesAnyHeader() {
        var mutator = DecoderMutator(rng: SplitMix64(seed: 0x4D41_4749_43))
        let seeds: [[UInt8]] = [Array("fLaC".utf8), Array("OggS".utf8), Array("RIFF".utf8), Array("ID3".utf8), []]
        for _ in 0..<5_000 {
            let header = seeds[mutator.below(seeds.count)] + mutator.randomBytes(mutator.below(AudioFileKind.headerLength))
            _ = AudioFileKind(header: header)
            _ = AudioFileKind.id3v2Length(header)
        }
    }

    /// Damaged copies of each format's fixture open, read and seek, or fail with
    /// `decodeFailed` naming the file and a reason; none crashes.
    @Test(.timeLimit(.minutes(10)), arguments: CompressedFormat.allCases)
    func survivesDamagedFiles(format: CompressedFormat) throws {
        let directory = try TemporaryDirectory(prefix: "rondo-decoder-fuzz")
        defer { directory.remove() }
        let seedName = format == .flac ? "short-a" : "tone440"
        let seed = Array(try Data(contentsOf: URL(fileURLWithPath: format.fixture(seedName))))
        var mutator = DecoderMutator(rng: SplitMix64(seed: 0x4445_434F_4445 &+ UInt64(format.sampleRate)))
        var outcomes: [String: Int] = [:]
        for index in 0..<Self.filesPerFormat {
            let kind = DecoderMutator.Kind.allCases[index % DecoderMutator.Kind.allCases.count]
            let path = directory.appending("\(index).\(format.fileExtension)")
            try Data(mutator.damaged(seed, kind)).write(to: URL(fileURLWithPath: path))
            do throws(AudioError) {
                let decoder = try AudioDecoders.open(path)
                _ = try decoder.readAll(limit: Self.sampleLimit)
                try decoder.seek(toFrame: mutator.below(decoder.frameCount ?? 1))
                _ = try decoder.read(count: 4096)
                outcomes["decoded", default: 0] += 1
            } catch .decodeFailed(let failedPath, let reason) {
                #expect(failedPath == path)
                #expect(!reason.isEmpty, "\(kind) gave no reason")
                outcomes["failed", default: 0] += 1
            } catch {
                Issue.record("\(kind): \(error)")
            }
        }
        #expect(outcomes["failed", default: 0] > 0, "\(outcomes)")
    }
}
