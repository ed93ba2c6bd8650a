import RondoTesting
import Testing

@testable import Library

/// Makes hostile playlists from a seeded generator, so every run replays the same inputs.
private struct HostilePlaylists {
    /// The kinds of playlist made.
    enum Kind: CaseIterable {
        case hostileLines, mutatedPlaylist, randomBytes
    }

    /// A playlist and the absolute entries it must list, in order.
    struct Playlist {
        var bytes: [UInt8]
        /// Plain absolute paths, each on a line of its own, that must come out as they are.
        var sentinels: [String]
    }

    /// Where the playlists claim to be: deep, at the root, with spaces and dots.
    static let playlistPaths = ["/music/lists/mix.m3u8", "/a.m3u", "/music/My Lists/./2024/../road trip.m3u", "/m/x/y/z/w.m3u"]

    /// Every stream URL names this host, and no other line does.
    static let streamHost = "stream.invalid"

    private static let lineEnds: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0x0D, 0x0D, 0x0A], [0x0A, 0x0D]]

    private static let invalidUTF8: [[UInt8]] = [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80], [0xFF], [0xE2, 0x82]]

    var rng: SplitMix64

    mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func randomByte() -> UInt8 { UInt8.random(in: 0...255, using: &rng) }

    mutating func next(_ kind: Kind, index: Int) -> Playlist {
        switch kind {
        case .hostileLines:
            return hostileLines(index: index)
        case .mutatedPlaylist:
            var bytes = hostileLines(index: index).bytes
            for _ in 0...below(12) {
                guard !bytes.isEmpty else { break }
                let at = below(bytes.count)
                switch below(4) {
                case 0: bytes[at] = randomByte()
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: Self.invalidUTF8[below(Self.invalidUTF8.count)], at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + below(64))], at: below(bytes.count))
                }
            }
            return Playlist(bytes: bytes, sentinels: [])
        case .randomBytes:
            return Playlist(bytes: (0..<below(4_096)).map { _ in randomByte() }, sentinels: [])
        }
    }

    /// Lines of every hostile sort, with sentinel paths between them.
    private mutating func hostileLines(index: Int) -> Playlist {
        var bytes: [UInt8] = below(3) == 0 ? [0xEF, 0xBB, 0xBF] : []
        var sentinels: [String] = []
        for line in 0..<1 + below(24) {
            if below(4) == 0 {
                let sentinel = "/music/sentinel \(index)-\(line).mp3"
                sentinels.append(sentinel)
                bytes += Array(sentinel.utf8)
            } else {
                bytes += hostileLine()
            }
            bytes += Self.lineEnds[below(Self.lineEnds.count)]
        }
        if below(2) == 0 { bytes += hostileLine() }
        let latin1 = sentinels.isEmpty || below(4) != 0 ? [] : Self.invalidUTF8[below(Self.invalidUTF8.count)]
        return Playlist(bytes: bytes + Array("#".utf8) + latin1, sentinels: sentinels)
    }

    private mutating func hostileLine() -> [UInt8] {
        let dots = (0..<below(40)).map { _ in ["..", ".", "", "a", "..."][below(5)] }.joined(separator: "/")
        let text: String
        switch below(14) {
        case 0: text = "#EXTM3U"
        case 1: text = "#EXTINF:" + ["-1", "abc", "99999999999999999999", "", ",,,", "1,\u{0}"][below(6)] + ",Title — ☃"
        case 2: text = dots + "/song.mp3"
        case 3: text = "/" + dots
        case 4: text = "  \t " + dots + "\t "
        case 5: text = ["http", "https", "rtsp", "mms", "x-a.b+c"][below(5)] + "://" + Self.streamHost + "/" + dots
        case 6:
            text =
                ["file://", "FILE://", "file:///", "File:///a/../../", "file://localhost/"][below(5)] + dots
                + ["", "%20x.mp3", "%00", "%FF", "%", "?q#f"][below(6)]
        case 7: text = String(repeating: ["a", "é", "/", "../"][below(4)], count: below(64) == 0 ? below(100_000) : below(100))
        case 8: text = "C:\\Music\\" + dots + "\\song.mp3"
        case 9: text = "Ünïcödé 日本/🎵 " + dots
        case 10: text = "\u{0}" + dots + "\u{0}"
        case 11: text = ["", " ", "\t", "\u{FEFF}", "\u{2028}", "\u{85}", "\u{0B}\u{0C}"][below(7)]
        case 12: text = "//" + dots + "//"
        default: return (0..<below(200)).map { _ in randomByte() }.filter { $0 != 0x0A && $0 != 0x0D }
        }
        return Array(text.utf8)
    }
}

/// ``PlaylistParser`` on hostile playlists: it never crashes, every entry is an absolute,
/// normalised path, stream URLs are left out, plain lines survive around the damage, and the
/// same bytes always give the same entries.
@Suite(.tags(.fuzz), .fullLane(.fuzz))
struct PlaylistParserFuzzTests {
    /// Why `entry` is not an absolute, normalised path, if it is not.
    private static func defect(of entry: String) -> String? {
        if !entry.hasPrefix("/") { return "relative" }
        if entry != "/", entry.hasSuffix("/") { return "trailing /" }
        if entry.contains("//") { return "repeated /" }
        let components = entry.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(".") || components.contains("..") { return "dot component" }
        if entry.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) { return "line break" }
        return nil
    }

    /// 3,000 seeded playlists (hostile lines, mutated playlists, random bytes) under four
    /// playlist paths: entries are absolute and normalised, and parsing one in four again
    /// gives the same.
    /// Hostile lines also list every sentinel path in order and no stream URL.
    @Test(.timeLimit(.minutes(10)))
    func survivesHostilePlaylists() {
        var playlists = HostilePlaylists(rng: SplitMix64(seed: 0x4D33_5546_555A))
        var violations: [String] = []
        var entryCount = 0
        for index in 0..<3_000 {
            let kind = HostilePlaylists.Kind.allCases[index % HostilePlaylists.Kind.allCases.count]
            let playlist = playlists.next(kind, index: index)
            let playlistPath = HostilePlaylists.playlistPaths[index % HostilePlaylists.playlistPaths.count]
            let entries = PlaylistParser.entries(of: playlist.bytes, playlistPath: playlistPath)
            entryCount += entries.count
            var problems: [String] = []
            if let bad = entries.first(where: { Self.defect(of: $0) != nil }) {
                problems.append("\(Self.defect(of: bad) ?? "") entry \(bad.prefix(120).debugDescription)")
            }
            if index % 4 == 0, PlaylistParser.entries(of: playlist.bytes, playlistPath: playlistPath) != entries {
                problems.append("not deterministic")
            }
            if kind == .hostileLines {
                if entries.filter({ $0.hasPrefix("/music/sentinel ") }) != playlist.sentinels { problems.append("sentinels lost") }
                if entries.contains(where: { $0.contains(HostilePlaylists.streamHost) }) { problems.append("stream URL listed") }
            }
            if !problems.isEmpty, violations.count < 20 {
                violations.append("#\(index) \(kind) \(playlist.bytes.prefix(80)): \(problems.joined(separator: ", "))")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(entryCount > 5_000)
    }

    /// Relative entries resolve against the playlist's folder, `..` never climbs above the
    /// root, and `file://` URLs become their decoded paths.
    @Test(arguments: [
        ("song.mp3", "/music/lists/song.mp3"), ("../a/./b//c.mp3", "/music/a/b/c.mp3"),
        ("../../../../../../x.mp3", "/x.mp3"), ("/abs/../b.mp3", "/b.mp3"),
        ("file:///music/My%20Song.mp3", "/music/My Song.mp3"), ("FILE:///a/../b.mp3", "/b.mp3"),
        ("file://localhost/m/x.mp3", "/m/x.mp3"),
    ])
    func resolvesEntries(line: String, entry: String) {
        #expect(PlaylistParser.entries(of: Array(line.utf8), playlistPath: "/music/lists/mix.m3u") == [entry])
    }

    /// A playlist of the largest size read, as one line or as short lines, lists every entry
    /// in time linear in its size: four times the bytes take well under sixteen times as
    /// long (what quadratic work would take). Each size's fastest of three parses is
    /// compared, so a loaded machine's stalls do not count; no absolute time is asserted.
    @Test(.timeLimit(.minutes(10)), arguments: [1, 100_000])
    func parsesTheLargestPlaylistInLinearTime(lines: Int) {
        func fastestParse(lines: Int, of length: Int) -> Duration {
            let line = String(repeating: "a", count: length)
            let bytes = Array(repeatElement(line + "\n", count: lines).joined().utf8)
            let clock = ContinuousClock()
            var fastest = Duration.seconds(Int64.max)
            for _ in 0..<3 {
                let start = clock.now
                let entries = PlaylistParser.entries(of: bytes, playlistPath: "/m/list.m3u")
                fastest = min(fastest, clock.now - start)
                #expect(entries.count == lines)
                #expect(entries.first == "/m/" + line)
            }
            return fastest
        }
        let length = PlaylistParser.maximumBytes / lines - 1
        let full = fastestParse(lines: lines, of: length)
        let quarter = lines == 1 ? fastestParse(lines: 1, of: PlaylistParser.maximumBytes / 4 - 1) : fastestParse(lines: lines / 4, of: length)
        #expect(full < quarter * 10, "\(full) for 4× the bytes of \(quarter)")
    }
}
