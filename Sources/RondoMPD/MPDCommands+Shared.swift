import Foundation
import MPDProtocol
import Playback
import PlaybackWire
import RondoProtocol

/// What the commands share: the player's refusals as ACKs, MPD's byte order of tag values,
/// and the numbers, seconds and ranges their arguments hold, refused as MPD words it.
extension MPDCommands {
    /// The MPD error for the player's refusal of a command: a missing thing is `noExist`,
    /// a bad argument `argument`, anything else `system`, with Rondo's error code and message.
    static func ack(_ error: PlayerCommandError, command: String = "") -> MPDAck {
        switch error.code {
        case .notFound: MPDAck(.noExist, command: command, error.message)
        case .badParam, .indexOutOfRange: MPDAck(.argument, command: command, error.message)
        default: MPDAck(.system, command: command, "\(ErrorCode(error.code).rawValue): \(error.message)")
        }
    }

    /// MPD's order of tag values (`count … group`): by their bytes, as its maps of
    /// `std::string` keep them, not by Unicode's canonical order, which also costs more.
    static func precedesInBytes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// `rows` in MPD's order (`list`), each once: by their values' bytes, value by value,
    /// as MPD's nested maps of `std::string` keep them. Each row's values are laid end to
    /// end in one buffer, a zero byte between them (below every other byte, so a shorter
    /// value sorts first, as it does alone), and sorted there with `memcmp`.
    static func distinctInByteOrder(_ rows: [[String]]) -> [[String]] {
        var bytes: [UInt8] = []
        var spans: [Range<Int>] = []
        spans.reserveCapacity(rows.count)
        for row in rows {
            let start = bytes.count
            for (index, value) in row.enumerated() {
                if index > 0 { bytes.append(0) }
                bytes.append(contentsOf: value.utf8)
            }
            spans.append(start..<bytes.count)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            func order(_ first: Range<Int>, _ second: Range<Int>) -> Int32 {
                let common = min(first.count, second.count)
                let order = common == 0 ? 0 : memcmp(buffer.baseAddress! + first.lowerBound, buffer.baseAddress! + second.lowerBound, common)
                return order != 0 ? order : Int32(first.count - second.count).signum()
            }
            var distinct: [[String]] = []
            var last: Range<Int>?
            for index in spans.indices.sorted(by: { order(spans[$0], spans[$1]) < 0 }) {
                if let last, order(last, spans[index]) == 0 { continue }
                distinct.append(rows[index])
                last = spans[index]
            }
            return distinct
        }
    }

    /// A whole number argument.
    static func integer(_ text: String, _ command: String) throws(MPDAck) -> Int {
        guard let value = Int(text) else { throw MPDAck(.argument, command: command, "Integer expected: \(text)") }
        return value
    }

    /// Where `addid` puts a song in the queue `status` describes: a position up to the
    /// queue's length, or relative to the current song (`+0` right after it, `-0` right
    /// before it), as MPD 0.23 reads it.
    static func insertionPosition(_ text: String, in status: PlayerStatus, _ command: String) throws(MPDAck) -> Int {
        guard text.hasPrefix("+") || text.hasPrefix("-") else {
            let position = try integer(text, command)
            guard (0...status.count).contains(position) else { throw MPDAck(.argument, command: command, "Number too large: \(text)") }
            return position
        }
        guard let current = status.currentIndex else { throw MPDAck(.playerSync, command: command, "No current song") }
        let offset = try integer(String(text.dropFirst()), command)
        let position = text.hasPrefix("+") ? current + 1 + offset : current - offset
        guard offset >= 0, (0...status.count).contains(position) else {
            throw MPDAck(.argument, command: command, "Number too large: \(text)")
        }
        return position
    }

    /// A song's priority as `prio` takes it: 0 to 255.
    static func priority(_ text: String, _ command: String) throws(MPDAck) -> UInt8 {
        // MPD reads it unsigned: a negative number is a very large one.
        guard let priority = UInt8(exactly: try integer(text, command)) else {
            throw MPDAck(.argument, command: command, "Number too large: \(text)")
        }
        return priority
    }

    /// The positions `prio` names by `text` in a queue of `count`, as MPD reads them: `N`,
    /// `START:END` (cut to the queue), `START:` or `-1` for every song.
    static func priorityRange(_ text: String, count: Int) throws(MPDAck) -> Range<Int> {
        if text == "-1" { return 0..<count }
        let range: Range<Int>
        if let colon = text.firstIndex(of: ":") {
            let (head, tail) = (text[..<colon], text[text.index(after: colon)...])
            guard let start = Int(head), start >= 0, tail.isEmpty || Int(tail) != nil else {
                throw MPDAck(.argument, command: "prio", "Integer expected: \(text)")
            }
            let end = tail.isEmpty ? Int.max : Int(tail)!
            guard end >= start else { throw MPDAck(.argument, command: "prio", "Malformed range: \(text)") }
            range = start..<end
        } else {
            let position = try integer(text, "prio")
            guard position >= 0 else { throw MPDAck(.argument, command: "prio", "Number is negative: \(text)") }
            range = position..<(position + 1)
        }
        guard range.lowerBound < count || range.isEmpty else { throw MPDAck(.argument, command: "prio", "Bad song index") }
        return range.clamped(to: 0..<count)
    }

    /// A part of a song as `rangeid` takes it, `START:END` in seconds, either left out
    /// (`:` is the whole song); MPD's `Bad range` otherwise.
    static func songPart(_ text: String, _ command: String) throws(MPDAck) -> (start: Double?, end: Double?) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        func seconds(_ part: Substring) -> Double?? {
            guard !part.isEmpty else { return .some(nil) }
            guard let value = Double(part), value.isFinite, value >= 0 else { return nil }
            return .some(value)
        }
        guard parts.count == 2, let start = seconds(parts[0]), let end = seconds(parts[1]) else {
            throw MPDAck(.argument, command: command, "Bad range")
        }
        if let start, let end, end <= start { throw MPDAck(.argument, command: command, "Bad range") }
        return (start, end)
    }

    /// A number of seconds (`12`, `12.5`), as `seek` takes.
    static func seconds(_ text: String, _ command: String) throws(MPDAck) -> Double {
        guard let value = Double(text), value.isFinite else { throw MPDAck(.argument, command: command, "Number expected: \(text)") }
        return value
    }

    /// A position or a range (`START:END`, `START:` to the end) of a list of `count`.
    static func range(_ text: String, count: Int, _ command: String) throws(MPDAck) -> Range<Int> {
        if let colon = text.firstIndex(of: ":") {
            guard let start = Int(text[..<colon]), start >= 0 else { throw MPDAck(.argument, command: command, "Integer expected: \(text)") }
            let tail = text[text.index(after: colon)...]
            let end = tail.isEmpty ? count : Int(tail) ?? -1
            guard end >= start else { throw MPDAck(.argument, command: command, "Malformed range: \(text)") }
            return start..<end
        }
        let position = try integer(text, command)
        guard position >= 0 else { throw MPDAck(.argument, command: command, "Number is negative: \(text)") }
        return position..<(position + 1)
    }
}
