import Foundation
import MPDProtocol
import RondoTesting
import Testing

/// Hostile request lines: random bytes and damaged commands end in a request or an ACK
/// of one line, never a crash or a hang, and any arguments quoted as a client quotes them
/// come back as they were. `RONDO_MPD_FUZZ_LINES` sets how many lines (100,000 by default;
/// the milestone's figure is 1,000,000).
struct MPDRequestFuzzTests {
    static let lines = ProcessInfo.processInfo.environment["RONDO_MPD_FUZZ_LINES"].flatMap { Int($0) } ?? 100_000
    static let seeds = [
        #"find "(Artist == \"AC/DC\")" sort Album window 0:10"#, "command_list_ok_begin", "seekcur -5", "status",
        #"add "Music/A b/c.mp3""#, "list album group albumartist", "binarylimit 8192", "idle player mixer",
    ].map { Array($0.utf8) }
    static let splices = ["\"", "\\", "'", " ", "\t", "\0", "\u{FEFF}", "\u{FF}", "command_list_end", "\"\\\""].map { Array($0.utf8) }

    @Test func hostileLinesEndInARequestOrOneLineOfAck() {
        var random = SplitMix64(seed: 0x4D50_4421)
        var lists = MPDCommandLists()
        var outcomes = (requests: 0, refusals: 0)
        for _ in 0..<Self.lines {
            var line = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            for _ in 0..<(1 + Int(random.next() % 3)) { Self.mutate(&line, &random) }
            switch lists.take(line) {
            case .run, .gathered:
                outcomes.requests += 1
            case .refuse(let ack):
                #expect(ack.line.hasPrefix("ACK [") && ack.line.filter { $0 == "\n" }.count == 1)
                outcomes.refusals += 1
            }
        }
        #expect(outcomes.requests > 0 && outcomes.refusals > 0, "\(outcomes)")
    }

    @Test func quotedArgumentsComeBackAsTheyWere() throws {
        var random = SplitMix64(seed: 0x5155_4F54)
        let alphabet = Array("ab \t\"\\'é/:()=!".unicodeScalars)
        for _ in 0..<(Self.lines / 10) {
            let arguments = (0..<Int(random.next() % 4)).map { _ in
                String(String.UnicodeScalarView((0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            }
            let line = (["find"] + arguments.map(mpdQuoted)).joined(separator: " ")
            #expect(try MPDRequest.parse(Array(line.utf8)) == MPDRequest(name: "find", arguments: arguments), "\(line)")
        }
    }

    static func mutate(_ line: inout [UInt8], _ random: inout SplitMix64) {
        let at = line.isEmpty ? 0 : Int(random.next() % UInt64(line.count))
        switch random.next() % 4 {
        case 0 where !line.isEmpty: line[at] = UInt8(truncatingIfNeeded: random.next())
        case 1: line.insert(contentsOf: splices[Int(random.next() % UInt64(splices.count))], at: at)
        case 2 where !line.isEmpty: line.removeSubrange(at..<min(line.count, at + Int(random.next() % 8)))
        default: line = (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }.filter { $0 != 0x0A }
        }
    }
}
