import Foundation
import RondoTesting
import TagReading
import Testing

@testable import Audio

/// A length field in a seed file: where it is, how wide, and its byte order.
struct LengthField {
    let offset: Int
    let width: Int
    let bigEndian: Bool
}

/// A real file to damage, with where its length fields and structure boundaries are.
struct ContainerSeed {
    let name: String
    let bytes: [UInt8]
    let fields: [LengthField]
    let boundaries: [Int]
}

/// Damages container files (FLAC, Ogg) from a seeded generator, so every run replays the
/// same inputs, and checks what a scan of each gives.
struct ContainerMutator {
    /// The kinds of damage, one per file.
    enum Kind: CaseIterable {
        case headerBits, hugeLength, smallLength, truncationAtBoundary, truncationAnywhere, scatteredBytes, duplicatedRange,
            zeroedRange
    }

    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<max(bound, 1), using: &rng) }

    mutating func damaged(_ seed: ContainerSeed, _ kind: Kind) -> [UInt8] {
        var bytes = seed.bytes
        let field = seed.fields[below(seed.fields.count)]
        let headerEnd = min(bytes.count, seed.boundaries.max() ?? 64)
        switch kind {
        case .headerBits:
            for _ in 0...below(4) { bytes[below(headerEnd)] ^= 1 << UInt8(below(8)) }
        case .hugeLength:
            let maximum = field.width == 4 ? Int(UInt32.max) : (1 << (8 * field.width)) - 1
            write([maximum, maximum - below(1_000), bytes.count, 1 << 24, maximum / 2][below(5)], field, in: &bytes)
        case .smallLength:
            write(below(3), field, in: &bytes)
        case .truncationAtBoundary:
            bytes = Array(bytes.prefix(max(0, seed.boundaries[below(seed.boundaries.count)] + below(3) - 1)))
        case .truncationAnywhere:
            bytes = Array(bytes.prefix(below(bytes.count + 1)))
        case .scatteredBytes:
            for _ in 0...below(16) { bytes[below(headerEnd)] = UInt8(below(256)) }
        case .duplicatedRange:
            let start = below(headerEnd)
            let copy = Array(bytes[start..<min(bytes.count, start + 1 + below(200))])
            bytes.insert(contentsOf: copy, at: below(headerEnd))
        case .zeroedRange:
            let start = below(headerEnd)
            for index in start..<min(bytes.count, start + 1 + below(64)) { bytes[index] = 0 }
        }
        return bytes
    }

    private func write(_ value: Int, _ field: LengthField, in bytes: inout [UInt8]) {
        guard field.offset + field.width <= bytes.count else { return }
        for index in 0..<field.width {
            let shift = 8 * (field.bigEndian ? field.width - 1 - index : index)
            bytes[field.offset + index] = UInt8(truncatingIfNeeded: value >> shift)
        }
    }

    /// Scans `bytes` written to `path`: the outcome (`read` or the failure's case) and the
    /// rule broken, if any: a scan takes at most two seconds, a failure has a reason, and
    /// tags have a known sample rate and channels, a finite duration, no empty text.
    static func scan(_ bytes: [UInt8], at path: String) throws -> (outcome: String, violation: String?) {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let start = ContinuousClock.now
        let result = Result { () throws(TagReadFailure) in try AudioTagReader().scanTags(at: path) }
        let elapsed = ContinuousClock.now - start
        if elapsed > .seconds(2) { return ("slow", "took \(elapsed)") }
        switch result {
        case .failure(let failure):
            let outcome = "\(failure)".prefix { $0 != ":" }
            return (String(outcome), failure.description.isEmpty ? "no reason" : nil)
        case .success(let tags):
            let texts = [tags.title, tags.artist, tags.album, tags.albumArtist, tags.genre, tags.composer].compactMap { $0 }
            if texts.contains(where: \.isEmpty) { return ("read", "empty text") }
            guard let rate = tags.sampleRate, rate > 0, let channels = tags.channels, channels > 0 else { return ("read", "no format") }
            if let duration = tags.duration, !(duration.isFinite && duration >= 0) { return ("read", "duration \(duration)") }
            if let picture = tags.picture, picture.data.isEmpty { return ("read", "empty picture") }
            return ("read", nil)
        }
    }

    /// Scans `count` damaged copies of the seeds, each kind of damage in turn; returns the
    /// violations and how often each outcome came.
    mutating func run(_ seeds: [ContainerSeed], count: Int, at path: String) throws -> (violations: [String], outcomes: [String: Int]) {
        var violations: [String] = []
        var outcomes: [String: Int] = [:]
        for index in 0..<count {
            let kind = Kind.allCases[index % Kind.allCases.count]
            let seed = seeds[index / Kind.allCases.count % seeds.count]
            let (outcome, violation) = try Self.scan(damaged(seed, kind), at: path)
            outcomes[outcome, default: 0] += 1
            if let violation, violations.count < 20 { violations.append("#\(index) \(kind) of \(seed.name): \(violation)") }
        }
        return (violations, outcomes)
    }
}
