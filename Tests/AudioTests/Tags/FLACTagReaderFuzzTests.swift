import Foundation
import RondoTesting
import Testing

@testable import Audio

/// The FLAC reader on thousands of damaged `flac` files and random files behind a `fLaC`
/// marker: it never crashes or hangs, and each file gives tags or a ``TagReadFailure``.
@Suite(.serialized("each test is a CPU-bound fuzz run: one at a time leaves the cores to the tests that listen"), .tags(.fuzz), .fullLane(.fuzz))
struct FLACTagReaderFuzzTests {
    /// A tagged `flac` file with a cover, and its block and comment length fields.
    private static func seeds(_ fixtures: EncodedFixtures) throws -> [ContainerSeed] {
        let cover = try fixtures.write("cover.png", TestImages.png(width: 3, height: 2))
        let paths = [
            try fixtures.flac(
                "seed.flac", seconds: 0.2, comments: ["TITLE=Fuzz", "ARTIST=Seed", "TRACKNUMBER=1/2", "REPLAYGAIN_TRACK_GAIN=-1 dB"],
                pictures: ["3||||\(cover)"]),
            try fixtures.flac("plain.flac", seconds: 0.1, channels: 1),
        ]
        return try paths.map { path in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var fields: [LengthField] = []
            var boundaries = [0, 4]
            var offset = 4
            while offset + 4 <= bytes.count {
                let length = Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                fields.append(LengthField(offset: offset + 1, width: 3, bigEndian: true))
                if bytes[offset] & 0x7F == 4 {
                    var at = offset + 4
                    fields.append(LengthField(offset: at, width: 4, bigEndian: false))
                    at += 4 + Int(bytes[at]) + Int(bytes[at + 1]) << 8
                    fields.append(LengthField(offset: at, width: 4, bigEndian: false))
                    fields.append(LengthField(offset: at + 4, width: 4, bigEndian: false))
                }
                if bytes[offset] & 0x7F == 6 {
                    fields += [8, 12, 36].map { LengthField(offset: offset + $0, width: 4, bigEndian: true) }
                }
                boundaries += [offset, offset + 1, offset + 4, offset + 4 + length]
                if bytes[offset] & 0x80 != 0 { break }
                offset += 4 + length
            }
            return ContainerSeed(name: (path as NSString).lastPathComponent, bytes: bytes, fields: fields, boundaries: boundaries)
        }
    }

    /// 2,400 seeded damaged FLAC files each give tags or a failure in bounded time, and the
    /// damage reaches both tags and refusals.
    @Test(.timeLimit(.minutes(10)))
    func survivesDamagedFiles() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let seeds = try Self.seeds(fixtures)
        #expect(try seeds.map { try AudioTagReader().scanTags(at: try fixtures.write($0.name, $0.bytes)).title } == ["Fuzz", nil])
        var mutator = ContainerMutator(rng: SplitMix64(seed: 0x464C_4143))
        let (violations, outcomes) = try mutator.run(seeds, count: 2_400, at: fixtures.directory.appending("damaged.flac"))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(outcomes["read", default: 0] > 0, "\(outcomes)")
        #expect(outcomes["damaged FLAC file", default: 0] > 0, "\(outcomes)")
    }

    /// 1,000 random files behind a `fLaC` marker (some with a STREAMINFO header and huge
    /// block lengths) give tags or a failure in bounded time.
    @Test(.timeLimit(.minutes(10)))
    func survivesRandomFiles() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let path = fixtures.directory.appending("random.flac")
        var rng = SplitMix64(seed: 0x52_464C_4143)
        var violations: [String] = []
        for index in 0..<1_000 {
            var bytes = Array("fLaC".utf8)
            if index % 2 == 0 { bytes += [0x00, 0x00, 0x00, 34] + (0..<34).map { _ in UInt8.random(in: 0...255, using: &rng) } }
            bytes += (0..<Int.random(in: 0...4_096, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if let violation = try ContainerMutator.scan(bytes, at: path).violation, violations.count < 20 {
                violations.append("#\(index): \(violation)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
