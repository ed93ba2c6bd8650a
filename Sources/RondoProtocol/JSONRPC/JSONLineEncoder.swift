/// Encodes an `Encodable` value as compact JSON bytes, written as the value's `encode(to:)`
/// walks it: no intermediate tree, no boxing, one growing buffer.
///
/// Foundation's encoder builds a tree of its own values before it writes a byte, which made
/// it the largest cost of answering a small request. This one writes the same JSON
/// (members in the order they are encoded, `/` unescaped, control characters escaped, so a
/// message is always one line) for values that encode each container's contents before
/// the next, as synthesized `Codable` conformances do. A container asked for and left
/// empty is written as `{}` or `[]`; a value that asks for no container at all as `{}`.
///
/// - Throws: `EncodingError.invalidValue` for a non-finite number, which JSON cannot hold.
struct JSONLineEncoder {
    /// The JSON text of `value` followed by `\n`.
    static func encodeLine(_ value: some Encodable) throws -> [UInt8] {
        let writer = JSONByteWriter()
        try writer.encodeValue(value)
        return writer.finishLine()
    }

    /// The JSON text of `value`, without a newline.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let writer = JSONByteWriter()
        try writer.encodeValue(value)
        return writer.finish()
    }

    /// Appends a number as every encoded value writes it: a whole number below 10^15 as an
    /// integer, any other as its shortest exact decimal.
    /// - Throws: `EncodingError.invalidValue` for a non-finite number.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        if value.rounded() == value, abs(value) < 1e15 {
            appendInteger(Int64(value), to: &bytes)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// Appends an integer's decimal digits.
    static func appendInteger(_ value: some BinaryInteger, to bytes: inout [UInt8]) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }
}

/// The buffer and the containers still open in it; the `Encoder` the values see.
private final class JSONByteWriter: Encoder {
    private var bytes: [UInt8] = []
    /// The closing byte of each open container, outermost first.
    private var closers: [UInt8] = []
    /// Whether each open container holds an element already (the next needs a comma).
    private var hasElements: [Bool] = []

    init() {
        bytes.reserveCapacity(256)
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Closes every open container, ends the line and hands the bytes over.
    func finishLine() -> [UInt8] {
        closeContainers(deeperThan: 0)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Closes every open container and hands the bytes over.
    func finish() -> [UInt8] {
        closeContainers(deeperThan: 0)
        return bytes
    }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ObjectWriter<Key>(writer: self, depth: open(UInt8(ascii: "{"), UInt8(ascii: "}"))))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArrayWriter(writer: self, depth: open(UInt8(ascii: "["), UInt8(ascii: "]")))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ScalarWriter(writer: self)
    }

    /// Opens a container; returns its depth.
    func open(_ opener: UInt8, _ closer: UInt8) -> Int {
        bytes.append(opener)
        closers.append(closer)
        hasElements.append(false)
        return closers.count
    }

    /// Closes the containers opened inside the one at `depth` (a finished member's value).
    func closeContainers(deeperThan depth: Int) {
        while closers.count > depth {
            bytes.append(closers.removeLast())
            hasElements.removeLast()
        }
    }

    /// Starts the next element of the container at `depth`: closes what its previous
    /// element left open, then writes the comma.
    func beginElement(at depth: Int) {
        closeContainers(deeperThan: depth)
        if hasElements[depth - 1] {
            bytes.append(UInt8(ascii: ","))
        } else {
            hasElements[depth - 1] = true
        }
    }

    /// Starts a member: the element, then its key and colon.
    func beginMember(_ key: some CodingKey, at depth: Int) {
        beginElement(at: depth)
        writeString(key.stringValue)
        bytes.append(UInt8(ascii: ":"))
    }

    // MARK: Values

    /// Writes `value`: a scalar directly, anything else through its `encode(to:)`.
    ///
    /// The scalar types are told apart by comparing metatypes, not by casting: a cast that
    /// fails asks the runtime about the value's conformances, and most values that reach
    /// here (structs, arrays, enums) would fail all four.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Double.self {
            try writeDouble(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else {
            let mark = bytes.count
            try value.encode(to: self)
            if bytes.count == mark { bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")]) }
        }
    }

    func writeNull() { bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C]) }

    func writeBool(_ value: Bool) {
        bytes.append(contentsOf: value ? [0x74, 0x72, 0x75, 0x65] : [0x66, 0x61, 0x6C, 0x73, 0x65])
    }

    func writeInteger(_ value: some BinaryInteger) {
        JSONLineEncoder.appendInteger(value, to: &bytes)
    }

    func writeDouble(_ value: Double) throws {
        try JSONLineEncoder.appendNumber(value, to: &bytes)
    }

    func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var plainFrom = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<index]))
                plainFrom = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// The members of an object, written in the order they are encoded.
private struct ObjectWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONByteWriter
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        writer.writeNull()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        try writer.writeDouble(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        try writer.writeDouble(Double(value))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        writer.beginMember(key, at: depth)
        try writer.encodeValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writer.beginMember(key, at: depth)
        return writer.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.beginMember(key, at: depth)
        return writer.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginMember(SuperKey(), at: depth)
        return writer
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writer.beginMember(key, at: depth)
        return writer
    }
}

/// The elements of an array.
private struct ArrayWriter: UnkeyedEncodingContainer {
    let writer: JSONByteWriter
    let depth: Int
    var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: JSONByteWriter, depth: Int) {
        self.writer = writer
        self.depth = depth
    }

    mutating func encodeNil() throws {
        writer.beginElement(at: depth)
        writer.writeNull()
        count += 1
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(at: depth)
        try writer.encodeValue(value)
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(at: depth)
        count += 1
        return writer.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(at: depth)
        count += 1
        return writer.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(at: depth)
        count += 1
        return writer
    }
}

/// A single value, written where its container's member or element began.
private struct ScalarWriter: SingleValueEncodingContainer {
    let writer: JSONByteWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeDouble(value) }
    mutating func encode(_ value: Float) throws { try writer.writeDouble(Double(value)) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
}

/// The key `super`, for a superclass's members.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
