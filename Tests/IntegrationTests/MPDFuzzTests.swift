import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Hostile MPD-protocol lines sent to the real daemon's MPD socket: random bytes, broken
/// quotes, real commands with nonsense arguments, command lists opened and never closed,
/// arguments of tens of kilobytes. Each batch is followed by `command_list_end` and `ping` on
/// the same connection: the ping must be answered (nothing hung, the connection is still
/// usable) and the daemon must still answer its own socket. `RONDO_MPD_FUZZ_DAEMON_LINES`
/// raises the count (1,000,000 for the full run).
@Suite(.serialized("each test is a CPU-bound fuzz run: one at a time leaves the cores to the tests that listen"))
struct MPDFuzzTests {
    /// Commands the lines are made of; `idle` and `close` are left out: they end or hold
    /// the connection by design.
    static let words = [
        "status", "currentsong", "play", "pause", "stop", "next", "previous", "seek", "seekid", "seekcur", "add", "addid", "delete",
        "deleteid", "move", "moveid", "swap", "playlistinfo", "playlistid", "plchanges", "plchangesposid", "random", "repeat",
        "single", "consume", "setvol", "volume", "getvol", "find", "search", "list", "count", "lsinfo", "listall", "listallinfo",
        "listfiles", "findadd", "searchadd", "listplaylists", "listplaylist", "load", "albumart", "readpicture", "tagtypes",
        "commands", "notcommands", "urlhandlers", "decoders", "password", "ping", "binarylimit", "noidle", "prio", "outputs",
        "command_list_begin", "command_list_ok_begin", "command_list_end", "stats", "shuffle", "clear", "playlistfind",
    ]

    /// Pieces arguments are made of.
    static let pieces = [
        "0", "-1", "99999999999999999999", "1:", ":5", "3:1", "\"", "'", "\\", "(", ")", "(artist == 'x')", "((a == 'b') AND",
        "(!(title contains 'y'))", "(file =~ '[')", "group", "sort", "window", "album", "..", "/", "/etc/passwd", "A", "nan",
        "1e308", "\u{0}", "é", "\u{FFFD}", "http://127.0.0.1:1/x.mp3", "",
    ]

    static func line(_ random: inout SplitMix64) -> [UInt8] {
        switch random.next() % 8 {
        case 0:
            // Random bytes, no line break.
            return (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }.map { $0 == 0x0A ? 0x20 : $0 }
        case 1:
            // One argument of up to 60 KiB.
            let word = words[Int(random.next() % UInt64(words.count))]
            return Array((word + " \"" + String(repeating: "x", count: Int(random.next() % 60_000))).utf8)
        default:
            var text = words[Int(random.next() % UInt64(words.count))]
            for _ in 0..<Int(random.next() % 5) {
                text += random.next() % 4 == 0 ? "\t" : " "
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                text += random.next() % 2 == 0 ? "\"" + piece + "\"" : piece
            }
            return Array(text.utf8)
        }
    }

    @Test func hostileLinesLeaveTheConnectionAndTheDaemonUsable() throws {
        let total = ProcessInfo.processInfo.environment["RONDO_MPD_FUZZ_DAEMON_LINES"].flatMap(Int.init) ?? 20_000
        let batch = 2_000
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        defer { daemon.stop() }
        let socket = daemon.directory.appending("mpd.sock")
        var random = SplitMix64(seed: 0x6d70_6466_757a_7a21)
        var sent = 0
        while sent < total {
            let client = try MPDLineClient(socketPath: socket)
            var bytes: [UInt8] = []
            for _ in 0..<min(batch, total - sent) {
                bytes += Self.line(&random)
                bytes.append(0x0A)
            }
            sent += batch
            let lines = try client.sendAll(bytes + Array("command_list_end\nping\n".utf8))
            #expect(lines.last == "OK", "batch ending at line \(sent): the ping after the hostile lines went unanswered")
            #expect(daemon.isRunning)
            if lines.last != "OK" { break }
        }
        #expect(try MPDLineClient(socketPath: socket).call("status").last == "OK")
        _ = try daemon.client().call(Methods.DaemonInfoMethod.self)
    }
}
