import ContentIdentifiers
import Testing

/// ``FNV1a`` matches the published 64-bit FNV-1a test vectors.
struct FNV1aTests {
    /// Known vectors from the FNV reference, as numbers and as 16 hex digits.
    @Test(arguments: [("", 0xCBF2_9CE4_8422_2325 as UInt64), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8)])
    func matchesReferenceVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(Array(text.utf8)) == hash)
        #expect(FNV1a.hexDigest(text.utf8) == String(hash, radix: 16))
    }

    /// Hex digests keep their leading zeros: always 16 digits.
    @Test func hexDigestIsSixteenDigits() {
        for length in 0..<64 {
            #expect(FNV1a.hexDigest([UInt8](repeating: UInt8(length), count: length)).count == 16)
        }
    }
}
