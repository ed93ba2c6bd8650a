import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// A real `lame` MP3 file with a hand-written tag, and where the tag's parts are.
private struct TaggedSeed {
    let name: String
    let bytes: [UInt8]
    /// The ID3v2 major version (2, 3 or 4), `nil` for a file with only an ID3v1 tag.
    let version: UInt8?
    /// The offset of each ID3v2 frame header.
    let frameOffsets: [Int]
    /// The ID3v2 tag's length, header included; 0 without one.
    let tagLength: Int
    /// The offset of the ID3v1 tag at the end, if there is one.
    let v1Offset: Int?

    init(name: String, tag: ID3v2TagBuilder?, audio: [UInt8], v1: [UInt8] = []) {
        let tagBytes = tag?.bytes ?? []
        self.name = name
        bytes = tagBytes + audio + v1
        version = tag?.version
        tagLength = tagBytes.count
        v1Offset = v1.isEmpty ? nil : tagBytes.count + audio.count
        var offsets: [Int] = []
        if let version = tag?.version {
            var at = 10
            while at + Self.frameHeaderLength(version) <= tagBytes.count {
                offsets.append(at)
                at += Self.frameHeaderLength(version) + Self.frameSize(in: tagBytes, at: at, version: version)
            }
        }
        frameOffsets = offsets
    }

    static func frameHeaderLength(_ version: UInt8) -> Int { version == 2 ? 6 : 10 }

    /// The size field of the well-formed frame at `offset`.
    static func frameSize(in bytes: [UInt8], at offset: Int, version: UInt8) -> Int {
        let field = version == 2 ? bytes[offset + 3..<offset + 6] : bytes[offset + 4..<offset + 8]
        return field.reduce(0) { $0 << (version == 4 ? 7 : 8) | Int($1) }
    }

    /// The bytes of the frame at `frameOffsets[index]`, header included.
    func frame(_ index: Int) -> Range<Int> {
        frameOffsets[index]..<(index + 1 < frameOffsets.count ? frameOffsets[index + 1] : tagLength)
    }

    /// Every offset where one part of the file ends and the next begins: inside the tag
    /// header, around each frame's id, size and payload, at the audio and at the ID3v1 tag.
    var boundaries: [Int] {
        var offsets = [0, 3, 5, 6, 10, tagLength, bytes.count]
        if let version {
            let idLength = version == 2 ? 3 : 4
            for offset in frameOffsets {
                offsets += [offset + idLength, offset + Self.frameHeaderLength(version), offset + Self.frameHeaderLength(version) + 1]
            }
        }
        if let v1Offset { offsets += [v1Offset, v1Offset + 3, v1Offset + 33, v1Offset + 125, v1Offset + 127] }
        return offsets.filter { $0 <= bytes.count }
    }
}

/// Makes damaged copies of tagged files from a seeded generator, so every run replays the
/// same inputs.
private struct TagMutator {
    /// The kinds of damage, one per file.
    enum Kind: CaseIterable {
        case headerBits, tagSize, frameHeaderBytes, frameSizePastTag, textEncodingByte, truncationAtBoundary,
            truncationAnywhere, duplicatedFrame, overlappingFrames, zeroLengthFrame, hugePicture, garbageAfterTag,
            scatteredBytes
    }

    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func randomByte() -> UInt8 { UInt8.random(in: 0...255, using: &rng) }

    /// `count` random bytes, eight from each draw of the generator.
    mutating func randomBytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count { withUnsafeBytes(of: rng.next()) { bytes += $0 } }
        return Array(bytes.prefix(count))
    }

    mutating func damaged(_ seed: TaggedSeed, _ kind: Kind) -> [UInt8] {
        var bytes = seed.bytes
        guard let version = seed.version, !seed.frameOffsets.isEmpty else {
            return damagedWithoutID3v2(seed, kind)
        }
        let headerLength = TaggedSeed.frameHeaderLength(version)
        let frameIndex = below(seed.frameOffsets.count)
        let frameStart = seed.frameOffsets[frameIndex]
        let sizeField = version == 2 ? frameStart + 3 : frameStart + 4
        switch kind {
        case .headerBits:
            for _ in 0...below(3) { bytes[below(10)] ^= 1 << UInt8(below(8)) }
        case .tagSize:
            let sizes = [
                0, 1, seed.tagLength - 11, seed.tagLength - 9, bytes.count, MP3Probe.maximumTagBytes - 10,
                MP3Probe.maximumTagBytes - 9, (1 << 28) - 1, below(1 << 28),
            ]
            if below(4) == 0 {
                for index in 6...9 { bytes[index] = randomByte() }
            } else {
                write(synchsafe: sizes[below(sizes.count)], at: 6, in: &bytes)
            }
        case .frameHeaderBytes:
            for _ in 0...below(3) {
                let at = frameStart + below(headerLength)
                bytes[at] = below(2) == 0 ? randomByte() : bytes[at] ^ 1 << UInt8(below(8))
            }
        case .frameSizePastTag:
            let sizes = [
                seed.tagLength, seed.tagLength - frameStart - headerLength + 1, bytes.count, below(1 << 21),
                (1 << 21) - 1, (1 << 28) - 1,
            ]
            write(frameSize: sizes[below(sizes.count)], at: sizeField, version: version, in: &bytes)
            if version != 2, below(4) == 0 { bytes[sizeField] = 0x80 | randomByte() }
        case .textEncodingByte:
            let payload = frameStart + headerLength
            if payload < seed.tagLength { bytes[payload] = below(2) == 0 ? UInt8(4 + below(252)) : randomByte() }
        case .truncationAtBoundary:
            let boundary = seed.boundaries[below(seed.boundaries.count)]
            bytes = Array(bytes.prefix(max(0, boundary + below(3) - 1)))
        case .truncationAnywhere:
            bytes = Array(bytes.prefix(below(bytes.count + 1)))
        case .duplicatedFrame:
            let copy = Array(bytes[seed.frame(frameIndex)])
            let at = seed.frameOffsets[below(seed.frameOffsets.count)]
            for _ in 0...below(3) { bytes.insert(contentsOf: copy, at: below(2) == 0 ? at : seed.tagLength) }
            if below(2) == 0 { write(synchsafe: seed.tagLength - 10 + (bytes.count - seed.bytes.count), at: 6, in: &bytes) }
        case .overlappingFrames:
            let declared = TaggedSeed.frameSize(in: seed.bytes, at: frameStart, version: version)
            write(frameSize: declared + 1 + below(24), at: sizeField, version: version, in: &bytes)
        case .zeroLengthFrame:
            if below(2) == 0 {
                write(frameSize: 0, at: sizeField, version: version, in: &bytes)
            } else {
                let id = Array((version == 2 ? ["TT2", "TP1", "PIC"] : ["TIT2", "TPE1", "APIC", "TCON"])[below(3)].utf8)
                let empty = id + [UInt8](repeating: 0, count: headerLength - id.count)
                bytes.insert(contentsOf: empty, at: frameStart)
                write(synchsafe: seed.tagLength - 10 + headerLength, at: 6, in: &bytes)
            }
        case .hugePicture:
            let declared = [1 << 20, MP3Probe.maximumTagBytes - 100, MP3Probe.maximumTagBytes, (1 << 28) - 1][below(4)]
            let id = Array((version == 2 ? "PIC" : "APIC").utf8)
            var picture = id + [UInt8](repeating: 0, count: headerLength - id.count)
            write(frameSize: declared, at: id.count, version: version, in: &picture)
            picture += [0] + Array((version == 2 ? "PNG" : "image/png\0").utf8) + [3, 0] + [UInt8](repeating: 0x89, count: below(4_096))
            bytes.insert(contentsOf: picture, at: below(2) == 0 ? frameStart : seed.tagLength)
            let tagSize = below(2) == 0 ? seed.tagLength - 10 + picture.count : min(declared + seed.tagLength, (1 << 28) - 1)
            write(synchsafe: tagSize, at: 6, in: &bytes)
        case .garbageAfterTag:
            let garbage = randomBytes(1 + below(3_000)).map { $0 & 0x70 == 0 ? 0xFF : $0 }
            bytes.insert(contentsOf: garbage, at: seed.tagLength)
        case .scatteredBytes:
            let tagged = seed.tagLength + (seed.v1Offset.map { seed.bytes.count - $0 } ?? 0)
            for _ in 0...below(16) {
                let at = below(tagged)
                bytes[at < seed.tagLength ? at : seed.bytes.count - tagged + at] = randomByte()
            }
        }
        return bytes
    }

    /// Damage for a file whose only tag is ID3v1: its bytes, its end, or what comes before it.
    private mutating func damagedWithoutID3v2(_ seed: TaggedSeed, _ kind: Kind) -> [UInt8] {
        var bytes = seed.bytes
        switch kind {
        case .truncationAtBoundary:
            bytes = Array(bytes.prefix(max(0, seed.boundaries[below(seed.boundaries.count)] + below(3) - 1)))
        case .truncationAnywhere:
            bytes = Array(bytes.prefix(below(bytes.count + 1)))
        case .garbageAfterTag, .duplicatedFrame:
            let v1 = seed.v1Offset ?? bytes.count
            bytes.insert(contentsOf: (0..<1 + below(300)).map { _ in randomByte() }, at: below(2) == 0 ? v1 : 0)
        default:
            let v1 = seed.v1Offset ?? 0
            for _ in 0...below(16) { bytes[v1 + below(bytes.count - v1)] = randomByte() }
        }
        return bytes
    }

    private func write(synchsafe value: Int, at offset: Int, in bytes: inout [UInt8]) {
        for (index, shift) in [21, 14, 7, 0].enumerated() { bytes[offset + index] = UInt8(value >> shift & 0x7F) }
    }

    /// Writes a frame size field as ID3v2.`version` encodes it (24 bits, 32 bits, synchsafe).
    private func write(frameSize value: Int, at offset: Int, version: UInt8, in bytes: inout [UInt8]) {
        switch version {
        case 2: for index in 0..<3 { bytes[offset + index] = UInt8(value >> (16 - 8 * index) & 0xFF) }
        case 3: for index in 0..<4 { bytes[offset + index] = UInt8(value >> (24 - 8 * index) & 0xFF) }
        default: write(synchsafe: value, at: offset, in: &bytes)
        }
    }
}

/// What one scan of a file came to.
private enum ScanOutcome: Hashable {
    case read
    case refused(String)

    init(_ result: Result<FileTags, TagReadFailure>) {
        switch result {
        case .success: self = .read
        case .failure(.empty): self = .refused("empty")
        case .failure(.truncated): self = .refused("truncated")
        case .failure(.notMP3): self = .refused("notMP3")
        case .failure(.oversizedTag): self = .refused("oversizedTag")
        case .failure(.unreadable): self = .refused("unreadable")
        case .failure(.unsupportedFormat): self = .refused("unsupportedFormat")
        case .failure(.malformed): self = .refused("malformed")
        }
    }
}

/// ``MPG123TagReader/scanTags(at:)`` on thousands of damaged tags in front of real MP3 audio
/// and on random files: it never crashes or hangs, each file gives tags or a
/// ``TagReadFailure`` within a bounded time, and what it reads is well-formed.
@Suite(.serialized("each test is a CPU-bound fuzz run: one at a time leaves the cores to the tests that listen"), .tags(.fuzz), .fullLane(.fuzz))
struct TagReaderFuzzTests {
    private let reader = MPG123TagReader()
    /// The longest any single file may take, far above the few milliseconds a scan takes.
    private static let timePerFile: Duration = .seconds(2)

    /// The seeds: ID3v2.3 (Latin-1 and UTF-16 text, a cover), ID3v2.4 (UTF-8, several
    /// values, a cover), ID3v2.2, ID3v1.1 alone, and ID3v2.3 with ID3v1.
    private static func seeds(_ fixtures: MP3Fixtures) throws -> [TaggedSeed] {
        let audio = Array(try Data(contentsOf: URL(fileURLWithPath: try fixtures.mp3("bare.mp3"))))
        var v23 = ID3v2TagBuilder(version: 3)
        v23.frame("TIT2", ID3TextEncoding.latin1.payload("Título"))
        v23.frame("TPE1", ID3TextEncoding.utf16LittleEndianWithBOM.payload("Artïst"))
        v23.frame("TALB", ID3TextEncoding.utf16BigEndianWithBOM.payload("Album"))
        v23.text("TRCK", "3/12")
        v23.text("TCON", "(13)")
        v23.text("TYER", "1999")
        v23.picture(type: 3, format: "image/png", TestImages.png(width: 3, height: 2))
        var v24 = ID3v2TagBuilder(version: 4)
        v24.frame("TIT2", ID3TextEncoding.utf8.payload("Ünïcode ☃"))
        v24.frame("TPE1", ID3TextEncoding.utf8.payload("Ann", "Bob"))
        v24.frame("TCON", ID3TextEncoding.utf16BigEndian.payload("13", "Jazz"))
        v24.text("TDRC", "2004-06-01")
        v24.text("TPOS", "1/2")
        v24.picture(type: 3, format: "image/jpeg", TestImages.jpeg(width: 4, height: 4))
        var v22 = ID3v2TagBuilder(version: 2)
        for (id, value) in [("TT2", "Title"), ("TP1", "Artist"), ("TAL", "Album"), ("TRK", "4"), ("TYE", "1984"), ("TCO", "(8)")] {
            v22.text(id, value)
        }
        let v1 = id3v1Tag(title: "Old Title", artist: "Old Artist", album: "Old Album", year: "1970", track: 7, genre: 17)
        return [
            TaggedSeed(name: "v2.3", tag: v23, audio: audio),
            TaggedSeed(name: "v2.4", tag: v24, audio: audio),
            TaggedSeed(name: "v2.2", tag: v22, audio: audio),
            TaggedSeed(name: "v1.1", tag: nil, audio: audio, v1: v1),
            TaggedSeed(name: "v2.3+v1", tag: v23, audio: audio, v1: v1),
        ]
    }

    /// Scans `bytes` written to `path`; a violation when the scan is too slow or its tags
    /// break ``FileTags``' rules.
    private func scan(_ bytes: [UInt8], at path: String) throws -> (ScanOutcome, violation: String?) {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let clock = ContinuousClock()
        let start = clock.now
        let result = Result { () throws(TagReadFailure) in try reader.scanTags(at: path) }
        let elapsed = clock.now - start
        if elapsed > Self.timePerFile { return (ScanOutcome(result), "took \(elapsed)") }
        if case .failure(.unreadable(let reason)) = result, reason.isEmpty { return (ScanOutcome(result), "no reason") }
        return (ScanOutcome(result), (try? result.get()).flatMap(Self.brokenRule))
    }

    /// The ``FileTags`` rule `tags` breaks, if any: text is never empty nor holds a NUL,
    /// numbers are positive, and the format is one MPEG audio has.
    private static func brokenRule(_ tags: FileTags) -> String? {
        let texts = [tags.title, tags.artist, tags.album, tags.albumArtist, tags.genre, tags.composer].compactMap { $0 }
        if let text = texts.first(where: { $0.isEmpty || $0.contains("\0") }) { return "text \(text.debugDescription)" }
        let numbers = [tags.trackNumber, tags.discNumber, tags.year].compactMap { $0 }
        if numbers.contains(where: { $0 <= 0 }) { return "number \(numbers)" }
        let rates = [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
        guard let rate = tags.sampleRate, rates.contains(rate), let channels = tags.channels, (1...2).contains(channels)
        else { return "format \(String(describing: tags.sampleRate)) Hz, \(String(describing: tags.channels)) channels" }
        if let duration = tags.duration, !(duration.isFinite && duration >= 0) { return "duration \(duration)" }
        if let picture = tags.picture, picture.data.isEmpty { return "empty picture" }
        return nil
    }

    /// The undamaged seeds read exactly, so the damage starts from files whose tags work.
    @Test func seedsReadTheirTags() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let tags = try Self.seeds(fixtures).map { seed in try reader.scanTags(at: try fixtures.write(seed.name, seed.bytes)) }
        #expect(tags.map(\.title) == ["Título", "Ünïcode ☃", "Title", "Old Title", "Título"])
        #expect(tags.map(\.artist) == ["Artïst", "Ann, Bob", "Artist", "Old Artist", "Artïst"])
        #expect(tags.map(\.genre) == ["Pop", "Pop, Jazz", "Jazz", "Rock", "Pop"])
        #expect(tags.map(\.year) == [1999, 2004, 1984, 1970, 1999])
        #expect(tags.map(\.trackNumber) == [3, nil, 4, 7, 3])
        #expect(tags.map { $0.picture?.mimeType } == ["image/png", "image/jpeg", nil, nil, "image/png"])
    }

    /// 3,900 seeded damaged files, 300 of each kind of damage spread over the five seeds,
    /// each give tags or a ``TagReadFailure`` in bounded time; rescanning a file gives the same
    /// outcome; damage is varied enough to reach both tags and every refusal the probe makes.
    @Test(.timeLimit(.minutes(10)))
    func survivesDamagedTags() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let seeds = try Self.seeds(fixtures)
        let path = fixtures.directory.appending("damaged.mp3")
        var mutator = TagMutator(rng: SplitMix64(seed: 0x5441_4746_555A))
        var violations: [String] = []
        var tally: [TagMutator.Kind: [ScanOutcome: Int]] = [:]
        for index in 0..<3_900 {
            let kind = TagMutator.Kind.allCases[index % TagMutator.Kind.allCases.count]
            let seed = seeds[index / TagMutator.Kind.allCases.count % seeds.count]
            let bytes = mutator.damaged(seed, kind)
            let (outcome, violation) = try scan(bytes, at: path)
            tally[kind, default: [:]][outcome, default: 0] += 1
            if let violation, violations.count < 20 { violations.append("#\(index) \(kind) of \(seed.name): \(violation)") }
            if index % 50 == 0, try scan(bytes, at: path).0 != outcome {
                violations.append("#\(index) \(kind) of \(seed.name): a rescan differs")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        let totals = tally.values.reduce(into: [ScanOutcome: Int]()) { $0.merge($1, uniquingKeysWith: +) }
        for outcome in [ScanOutcome.read, .refused("truncated"), .refused("oversizedTag"), .refused("empty")] {
            #expect(totals[outcome, default: 0] > 0, "never \(outcome): \(totals)")
        }
        for kind in TagMutator.Kind.allCases {
            #expect(tally[kind, default: [:]][.read, default: 0] > 0, "\(kind) never read tags: \(tally[kind] ?? [:])")
        }
    }

    /// 1,500 seeded random files of random lengths (0 bytes to 70 KiB), some behind an
    /// ID3v2 header, some full of frame-sync bytes or of valid frame headers at the right
    /// spacing: each gives tags or a ``TagReadFailure`` in bounded time; none without a sync
    /// byte is taken for MP3 audio.
    @Test(.timeLimit(.minutes(10)))
    func survivesRandomFiles() throws {
        let fixtures = try MP3Fixtures()
        defer { fixtures.remove() }
        let path = fixtures.directory.appending("random.mp3")
        var mutator = TagMutator(rng: SplitMix64(seed: 0x52_414E_444F4D))
        var violations: [String] = []
        var outcomes: [ScanOutcome: Int] = [:]
        let frameHeader: [UInt8] = [0xFF, 0xFB, 0x50, 0xC4]  // MPEG-1 layer III, 64 kbit/s, 44.1 kHz: 208 bytes
        for index in 0..<1_500 {
            let length = [16, 1_024, 70_000][mutator.below(3)]
            var bytes = mutator.randomBytes(mutator.below(length + 1))
            let style = index % 4
            switch style {
            case 0: bytes = bytes.map { $0 == 0xFF ? 0xFE : $0 }
            case 1: bytes = Array("ID3".utf8) + [UInt8(2 + mutator.below(3)), 0, 0] + bytes.map { $0 & 0x7F }
            case 2: bytes = bytes.map { $0 & 0x0F == 0 ? 0xFF : $0 }
            default:
                for offset in stride(from: 0, to: bytes.count - 4, by: 208) { bytes.replaceSubrange(offset..<offset + 4, with: frameHeader) }
            }
            let (outcome, violation) = try scan(bytes, at: path)
            outcomes[outcome, default: 0] += 1
            if let violation, violations.count < 20 { violations.append("#\(index) of \(bytes.count) bytes: \(violation)") }
            if style == 0, outcome == .read, violations.count < 20 { violations.append("#\(index): random bytes read as MP3") }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(outcomes[.read, default: 0] > 0, "\(outcomes)")
        #expect(outcomes[.refused("notMP3"), default: 0] > 0, "\(outcomes)")
    }
}
