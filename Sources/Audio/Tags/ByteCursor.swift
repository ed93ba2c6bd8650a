/// Reads integers and runs of bytes from the front of a byte array, refusing every read that
/// would go past its end: a declared length is never trusted.
struct ByteCursor {
    /// The bytes read from.
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    private(set) var offset = 0

    /// A cursor at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// How many bytes are left.
    var remaining: Int { bytes.count - offset }

    /// The next `count` bytes, or `nil` (and nothing consumed) when fewer are left.
    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// Skips `count` bytes; `false` when fewer are left.
    mutating func skip(_ count: Int) -> Bool { take(count) != nil }

    /// Whether the next bytes are `prefix`; consumes them when they are.
    mutating func consume(_ prefix: [UInt8]) -> Bool {
        guard remaining >= prefix.count, bytes[offset..<offset + prefix.count].elementsEqual(prefix) else { return false }
        offset += prefix.count
        return true
    }

    /// The next byte.
    mutating func uint8() -> UInt8? { take(1)?.first }

    /// The next two bytes as a little-endian integer.
    mutating func uint16LE() -> UInt16? { take(2).map { UInt16(littleEndian: $0) } }

    /// The next four bytes as a little-endian integer.
    mutating func uint32LE() -> UInt32? { take(4).map { UInt32(littleEndian: $0) } }

    /// The next four bytes as a big-endian integer.
    mutating func uint32BE() -> UInt32? { take(4).map { UInt32(bigEndian: $0) } }
}

extension FixedWidthInteger {
    /// The integer whose bytes, least significant first, are `bytes`.
    fileprivate init(littleEndian bytes: ArraySlice<UInt8>) {
        self = bytes.reversed().reduce(0) { $0 << 8 | Self(truncatingIfNeeded: $1) }
    }

    /// The integer whose bytes, most significant first, are `bytes`.
    fileprivate init(bigEndian bytes: ArraySlice<UInt8>) {
        self = bytes.reduce(0) { $0 << 8 | Self(truncatingIfNeeded: $1) }
    }
}
