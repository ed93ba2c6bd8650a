/// The seeded pseudo-random generator (SplitMix64) behind every shuffle, so a seed replays
/// the same play orders.
///
/// A value type on purpose: copying it lets the player look at the next cycle's order (to
/// pre-roll its first entry) without drawing from the real sequence.
struct ShuffleGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
