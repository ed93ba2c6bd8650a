/// A successful reply in MPD's format: `NAME: VALUE` lines, then `OK` (or `list_OK` inside
/// a separated command list). A value is one line: its line breaks become spaces, so a tag
/// cannot forge a reply line.
public struct MPDReply: Equatable, Sendable {
    /// The fields, in order (names may repeat: one `file:` per song).
    public var fields: [(name: String, value: String)]

    /// A reply of `fields`.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Adds a field.
    public mutating func append(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// The reply's lines, without the `OK` that ends it.
    public var text: String {
        var text = ""
        for field in fields {
            text += field.name + ": " + oneLine(field.value) + "\n"
        }
        return text
    }

    public static func == (lhs: MPDReply, rhs: MPDReply) -> Bool {
        lhs.fields.map(\.name) == rhs.fields.map(\.name) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}

/// A reply being written in MPD's format, as bytes: fields, songs, binary chunks, the
/// `list_OK` between a list's replies, then `OK` or an `ACK`. Listings of a whole library
/// are written straight into it, never held as fields first.
public struct MPDOutput: Sendable {
    /// What is written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty reply.
    public init() {}

    /// Writes `NAME: VALUE`; the value's line breaks become spaces, so a tag cannot forge a
    /// reply line.
    public mutating func field(_ name: String, _ value: String) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x3A)
        bytes.append(0x20)
        let start = bytes.count
        bytes.append(contentsOf: value.utf8)
        for index in start..<bytes.count where bytes[index] == 0x0A || bytes[index] == 0x0D { bytes[index] = 0x20 }
        bytes.append(0x0A)
    }

    /// Writes `NAME: NUMBER`, the digits straight into the reply.
    public mutating func field(_ name: String, _ value: Int) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x3A)
        bytes.append(0x20)
        appendDigits(value)
        bytes.append(0x0A)
    }

    /// Writes `NAME: SECONDS` with three decimals, as ``MPDNumber/seconds(_:)`` prints them.
    public mutating func field(_ name: String, seconds value: Double) {
        let held = value.isNaN ? 0 : min(max(0, value), MPDNumber.longestSeconds)
        let millis = Int((held * 1000).rounded())
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x3A)
        bytes.append(0x20)
        appendDigits(millis / 1000)
        bytes.append(0x2E)
        let fraction = millis % 1000
        bytes.append(0x30 + UInt8(fraction / 100))
        bytes.append(0x30 + UInt8(fraction / 10 % 10))
        bytes.append(0x30 + UInt8(fraction % 10))
        bytes.append(0x0A)
    }

    private mutating func appendDigits(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(0x30 + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Writes `NAME: VALUE` for each field.
    public mutating func fields(_ fields: [(name: String, value: String)]) {
        for (name, value) in fields { field(name, value) }
    }

    /// Writes a chunk of binary data (`binary: N`, the bytes, a line break), after the
    /// fields that describe it (`size`, `type`).
    public mutating func binary(_ data: some Collection<UInt8>) {
        field("binary", String(data.count))
        bytes.append(contentsOf: data)
        bytes.append(0x0A)
    }

    /// Ends one command's reply inside a `command_list_ok_begin` list.
    public mutating func listOK() { bytes.append(contentsOf: "list_OK\n".utf8) }

    /// Ends the reply.
    public mutating func ok() { bytes.append(contentsOf: "OK\n".utf8) }

    /// Ends the reply with an error.
    public mutating func ack(_ error: MPDAck) { bytes.append(contentsOf: error.line.utf8) }

    /// Writes raw bytes (a greeting).
    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Writes another reply's bytes after these.
    public mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// How many bytes are written.
    public var count: Int { bytes.count }

    /// Drops what was written after the first `count` bytes (a reply cut short by an error).
    public mutating func truncate(to count: Int) { bytes.removeSubrange(count...) }

    /// Drops everything written, keeping the storage when it is no larger than
    /// `keptCapacity` bytes.
    public mutating func clear(keepingCapacityUpTo keptCapacity: Int) {
        bytes.removeAll(keepingCapacity: bytes.count <= keptCapacity)
    }
}
