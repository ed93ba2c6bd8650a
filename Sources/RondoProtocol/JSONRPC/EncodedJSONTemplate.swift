/// The JSON text of one value encoded once with a few number members left open, then written
/// with new numbers in them as often as needed: the same bytes a full encoding of the value
/// with those numbers gives, without walking the value again.
///
/// For a result whose few numbers move between two changes and nothing else, such as a
/// playing player's now-playing dictionary, whose elapsed time moves with every poll
/// (``JSONRPCCodec/encodeTemplate(_:openMembers:)``).
public struct EncodedJSONTemplate: Sendable, Equatable {
    /// A member left open: its key, and the marker number it holds in the value encoded.
    public struct OpenMember: Sendable {
        /// The member's key.
        public var key: String
        /// A number no other member of the value holds, written in its place.
        public var marker: Double

        /// Creates an open member.
        public init(key: String, marker: Double) {
            self.key = key
            self.marker = marker
        }
    }

    /// The bytes before, between and after the open members' numbers.
    private let pieces: [[UInt8]]
    /// For each gap between two pieces, in byte order, the index of its number in the list
    /// ``filled(with:)`` takes.
    private let order: [Int]

    /// Finds `members` in `encoded`, each as its key, a colon and its marker's text followed by
    /// `,` or `}`; `nil` unless each is there exactly once.
    init?(encoded: [UInt8], members: [OpenMember]) throws {
        var found: [(range: Range<Int>, member: Int)] = []
        for (index, member) in members.enumerated() {
            var pattern: [UInt8] = [UInt8(ascii: "\"")] + Array(member.key.utf8) + Array("\":".utf8)
            let numberStart = pattern.count
            try JSONLineEncoder.appendNumber(member.marker, to: &pattern)
            let matches = Self.occurrences(of: pattern, in: encoded).filter { start in
                let end = start + pattern.count
                return end < encoded.count && (encoded[end] == UInt8(ascii: ",") || encoded[end] == UInt8(ascii: "}"))
            }
            guard matches.count == 1 else { return nil }
            found.append(((matches[0] + numberStart)..<(matches[0] + pattern.count), index))
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        var pieces: [[UInt8]] = []
        var start = 0
        for gap in found {
            guard gap.range.lowerBound >= start else { return nil }
            pieces.append(Array(encoded[start..<gap.range.lowerBound]))
            start = gap.range.upperBound
        }
        pieces.append(Array(encoded[start...]))
        self.pieces = pieces
        self.order = found.map(\.member)
    }

    /// The value's JSON with `numbers[i]` in the open member `i`.
    /// - Throws: ``RPCError/internalError(_:)`` for a number JSON cannot hold.
    public func filled(with numbers: [Double]) throws(RPCError) -> EncodedJSON {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(order.count * 24) { $0 + $1.count })
        do {
            for (gap, member) in order.enumerated() {
                bytes.append(contentsOf: pieces[gap])
                try JSONLineEncoder.appendNumber(numbers[member], to: &bytes)
            }
        } catch {
            throw .internalError("cannot encode the reply")
        }
        bytes.append(contentsOf: pieces[order.count])
        return EncodedJSON(bytes: bytes)
    }

    private static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = pattern.first, bytes.count >= pattern.count else { return [] }
        var starts: [Int] = []
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { starts.append(index) }
            index += 1
        }
        return starts
    }
}

extension JSONRPCCodec {
    /// Encodes `value` as a template whose `openMembers` take new numbers on each use
    /// (``EncodedJSONTemplate/filled(with:)``); each must hold its marker in `value`.
    /// - Returns: `nil` when a member is not found once with its marker (the caller then
    ///   encodes each value in full).
    /// - Throws: ``RPCError/internalError(_:)`` for a value JSON cannot hold.
    public func encodeTemplate(
        _ value: some Encodable, openMembers: [EncodedJSONTemplate.OpenMember]
    ) throws(RPCError) -> EncodedJSONTemplate? {
        do {
            return try EncodedJSONTemplate(encoded: JSONLineEncoder.encode(value), members: openMembers)
        } catch {
            throw .internalError("cannot encode the reply")
        }
    }
}
