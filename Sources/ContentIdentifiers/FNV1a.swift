/// The 64-bit FNV-1a hash: a fast, stable (across runs, machines and Swift versions),
/// non-cryptographic hash for naming content, unlike `Hasher`, which is seeded per process.
public enum FNV1a {
    private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The 64-bit FNV-1a hash of `bytes`.
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The hash of `bytes` as 16 lowercase hexadecimal digits.
    public static func hexDigest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
