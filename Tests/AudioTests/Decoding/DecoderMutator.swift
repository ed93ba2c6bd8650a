import RondoTesting

/// Makes damaged copies of encoded files from a seeded generator, so every run replays the
/// same inputs.
struct DecoderMutator {
    /// The kinds of damage, one per file.
    enum Kind: CaseIterable {
        case flippedHeaderBits, overwrittenHeader, scatteredBytes, zeroedRun, truncation, truncationInHeader,
            insertedGarbage, swappedMagic, duplicatedRun
    }

    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<max(bound, 1), using: &rng) }

    mutating func randomBytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    /// A copy of `bytes` damaged in the way `kind` says.
    mutating func damaged(_ bytes: [UInt8], _ kind: Kind) -> [UInt8] {
        var bytes = bytes
        let header = min(bytes.count, 8192)
        switch kind {
        case .flippedHeaderBits:
            for _ in 0...below(8) { bytes[below(header)] ^= 1 << UInt8(below(8)) }
        case .overwrittenHeader:
            let start = 4 + below(header - 4)
            let count = min(bytes.count - start, 1 + below(64))
            bytes.replaceSubrange(start..<start + count, with: randomBytes(count))
        case .scatteredBytes:
            for _ in 0...below(200) { bytes[below(bytes.count)] = randomBytes(1)[0] }
        case .zeroedRun:
            let start = below(bytes.count)
            let count = min(bytes.count - start, 1 + below(4096))
            bytes.replaceSubrange(start..<start + count, with: repeatElement(0, count: count))
        case .truncation:
            bytes = Array(bytes.prefix(below(bytes.count)))
        case .truncationInHeader:
            bytes = Array(bytes.prefix(below(header)))
        case .insertedGarbage:
            bytes.insert(contentsOf: randomBytes(1 + below(512)), at: below(bytes.count))
        case .swappedMagic:
            let magics = ["fLaC", "OggS", "RIFF", "ID3\u{3}"]
            bytes.replaceSubrange(0..<4, with: Array(magics[below(magics.count)].utf8))
        case .duplicatedRun:
            let start = below(bytes.count)
            let run = bytes[start..<min(bytes.count, start + 1 + below(2048))]
            bytes.insert(contentsOf: run, at: below(bytes.count))
        }
        return bytes
    }
}
