import Foundation
import RondoTesting
import Testing

@testable import Audio

/// The Ogg reader on thousands of damaged `oggenc` and `opusenc` files and random pages:
/// it never crashes or hangs, and each file gives tags or a ``TagReadFailure``.
@Suite(.serialized("each test is a CPU-bound fuzz run: one at a time leaves the cores to the tests that listen"), .tags(.fuzz), .fullLane(.fuzz))
struct OggTagReaderFuzzTests {
    /// A tagged Vorbis file with a cover and a tagged Opus file with a cover, with their
    /// page headers, lacing values and comment lengths.
    private static func seeds(_ fixtures: EncodedFixtures) throws -> [ContainerSeed] {
        let png = TestImages.png(width: 3, height: 2)
        let comments = ["TITLE=Fuzz", "ARTIST=Seed", "R128_TRACK_GAIN=-256", EncodedFixtures.pictureComment(mimeType: "image/png", png)]
        let paths = [
            try fixtures.vorbis("seed.ogg", seconds: 0.3, comments: comments),
            try fixtures.opus("seed.opus", seconds: 0.3, comments: comments, picture: try fixtures.write("c.png", png)),
        ]
        return try paths.map { path in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var fields: [LengthField] = []
            var boundaries: [Int] = []
            var offset = 0
            var page = 0
            while offset + 27 <= bytes.count, page < 3 {
                let count = Int(bytes[offset + 26])
                let body = offset + 27 + count
                fields.append(LengthField(offset: offset + 26, width: 1, bigEndian: false))
                fields += (0..<count).map { LengthField(offset: offset + 27 + $0, width: 1, bigEndian: false) }
                if page == 1 {
                    let vendor = body + (bytes[body] == 3 ? 7 : 8)
                    let vendorLength = Int(bytes[vendor]) | Int(bytes[vendor + 1]) << 8
                    fields += [vendor, vendor + 4 + vendorLength, vendor + 8 + vendorLength].map {
                        LengthField(offset: $0, width: 4, bigEndian: false)
                    }
                }
                let length = bytes[(offset + 27)..<body].reduce(0) { $0 + Int($1) }
                boundaries += [offset, offset + 4, offset + 26, body, body + length]
                offset = body + length
                page += 1
            }
            fields.append(LengthField(offset: bytes.count - 27 - Int(bytes[bytes.count - 1]) + 6, width: 8, bigEndian: false))
            return ContainerSeed(name: (path as NSString).lastPathComponent, bytes: bytes, fields: fields, boundaries: boundaries)
        }
    }

    /// 2,400 seeded damaged Vorbis and Opus files each give tags or a failure in bounded
    /// time, and the damage reaches both tags and refusals.
    @Test(.timeLimit(.minutes(10)))
    func survivesDamagedFiles() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let seeds = try Self.seeds(fixtures)
        let read = try seeds.map { try AudioTagReader().scanTags(at: try fixtures.write($0.name, $0.bytes)) }
        #expect(read.map(\.title) == ["Fuzz", "Fuzz"])
        #expect(read.allSatisfy { $0.picture != nil && $0.replayGain.r128TrackGain == -1 })
        var mutator = ContainerMutator(rng: SplitMix64(seed: 0x4F67_6753))
        let (violations, outcomes) = try mutator.run(seeds, count: 2_400, at: fixtures.directory.appending("damaged.ogg"))
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(outcomes["read", default: 0] > 0, "\(outcomes)")
        #expect(outcomes["damaged Ogg Vorbis file", default: 0] > 0, "\(outcomes)")
        #expect(outcomes["damaged Opus file", default: 0] > 0, "\(outcomes)")
    }

    /// 1,000 random files made of `OggS` pages with random lacing values and bodies, some
    /// starting like Vorbis or Opus headers, give tags or a failure in bounded time.
    @Test(.timeLimit(.minutes(10)))
    func survivesRandomPages() throws {
        let fixtures = try EncodedFixtures()
        defer { fixtures.remove() }
        let path = fixtures.directory.appending("random.ogg")
        var rng = SplitMix64(seed: 0x52_4F67_6753)
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) } }
        var violations: [String] = []
        for index in 0..<1_000 {
            var bytes: [UInt8] = []
            for page in 0..<Int.random(in: 1...4, using: &rng) {
                let lacing = (0..<Int.random(in: 0...255, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                var body = random(lacing.reduce(0) { $0 + Int($1) })
                if page == 0, index % 2 == 0, !body.isEmpty {
                    let magic = index % 4 == 0 ? [1] + Array("vorbis".utf8) : Array("OpusHead".utf8)
                    body.replaceSubrange(0..<min(body.count, magic.count), with: magic.prefix(body.count))
                }
                bytes += Array("OggS".utf8) + [0] + random(21) + [UInt8(lacing.count)] + lacing + body
            }
            if let violation = try ContainerMutator.scan(bytes, at: path).violation, violations.count < 20 {
                violations.append("#\(index): \(violation)")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
