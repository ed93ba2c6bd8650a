import Foundation
import RondoTesting
import Spawning
import Testing

/// Debian's `mpc`, the MPD client people script with, run against MPD 0.23 and rondod side
/// by side over one music directory (``MPDConformanceTests/Rig``): every command of the
/// script prints the same, fails the same and exits the same on both, but for what
/// ``normalized(_:)`` sets aside (the moment each server is at in a song, its clock, its
/// output's name) and the known differences the script names.
@Suite
struct MPCSideBySideTests {
    /// What one `mpc` run printed, and how it exited.
    struct Run: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "exit \(status)\n\(stdout)" + (stderr.isEmpty ? "" : "stderr: \(stderr)") }
    }

    /// One `mpc` command line, and the difference Rondo shows deliberately, if any.
    struct Step {
        var words: [String]
        var known: String?

        init(_ words: String..., known: String? = nil) {
            self.words = words
            self.known = known
        }
    }

    /// `mpc` with `words` on the server listening on `socket`.
    static func mpc(_ words: [String], on socket: String) -> Run {
        let run = Subprocess.capture(["/usr/bin/mpc"] + words, environment: ["MPD_HOST": socket, "MPD_PORT": nil])
        return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// `run` with what may differ between two servers set aside: the elapsed part of the
    /// status line (the two play a few milliseconds apart), the clock lines of `stats`, the
    /// output's name, and the outputs only Rondo has (the Snapcast server).
    static func normalized(_ run: Run) -> Run {
        var lines: [String] = []
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("Output ") && line.contains("(snapcast)") { continue }
            var line = line
            for (pattern, replacement) in Self.varying {
                line = line.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
            }
            lines.append(line)
        }
        return Run(status: run.status, stdout: lines.joined(separator: "\n"), stderr: run.stderr)
    }

    /// What varies between two servers playing the same, as patterns and what stands for them.
    static let varying: [(String, String)] = [
        (#"(\d+:)?\d+:\d\d/(\d+:)?\d+:\d\d \(\d+%\)"#, "ELAPSED/TOTAL (P%)"),
        (#"^(Uptime|Play Time|DB Updated):\s+.*$"#, "$1: …"),
        (#"^Output (\d+) \(.*\) is"#, "Output $1 (NAME) is"),
    ]

    /// The script: a known state, the database, the queue, playback and its modes,
    /// replay gain, outputs, stickers, saved playlists, messages, and errors.
    static let script: [Step] = [
        Step("clear"), Step("random", "off"), Step("repeat", "off"), Step("single", "off"), Step("consume", "off"),
        Step("volume", "100"), Step("stop"), Step("status"), Step("version"),
        // The database.
        Step("ls"), Step("ls", "A"), Step("ls", "B"), Step("ls", "nowhere"), Step("listall"), Step("listall", "A"),
        Step("list", "album"), Step("list", "artist"), Step("list", "title", "album", "Test Tones"), Step("list", "date"),
        Step("list", "genre"), Step("list", "albumartist"), Step("find", "title", "Short A"), Step("find", "artist", "Solo"),
        Step("search", "title", "short"), Step("search", "any", "tone"), Step("search", "filename", "zebra"),
        Step("-f", "%artist% - %title% (%album%) %time%", "search", "album", "test"), Step("stats"),
        Step("lsplaylists"), Step("albumart", "A/short-a.mp3"), Step("readpicture", "A/short-a.mp3"),
        // The queue.
        Step("add", "A"), Step("add", "long440.mp3"), Step("insert", "B/noalbum.mp3"), Step("playlist"),
        Step("-f", "%position% %file% %artist% %title% %album% %time%", "playlist"), Step("findadd", "title", "Short B"),
        Step("searchadd", "title", "zebra"), Step("playlist"), Step("move", "5", "1"), Step("playlist"), Step("del", "1"),
        Step("del", "9"), Step("playlist"), Step("prio", "5", "2"), Step("add", "nowhere.mp3"), Step("queued"),
        // Playback, on songs long enough that none ends meanwhile.
        Step("clear"), Step("add", "long440.mp3"), Step("add", "long440.mp3"), Step("add", "long440.mp3"), Step("play", "3"),
        Step("pause"), Step("current"), Step("status"), Step("queued"), Step("next"), Step("status"),
        Step("pause"), Step("prev"), Step("status"), Step("pause"), Step("toggle"), Step("toggle"), Step("status"),
        Step("seek", "5"), Step("pause-if-playing"), Step("status"), Step("cdprev"), Step("status"), Step("stop"),
        Step("status"), Step("current"), Step("play", "9"), Step("searchplay", "title", "Long 440"), Step("pause"),
        Step("seekthrough", "+1"), Step("status"), Step("crop"), Step("playlist"),
        // The modes.
        Step("repeat"), Step("status"), Step("random", "on"), Step("status"), Step("random", "off"), Step("single", "on"),
        Step("status"), Step("single", "off"), Step("status"), Step("single", "once"), Step("status"), Step("single", "off"),
        Step("repeat", "off"), Step("status"), Step("consume", "on", known: Self.consumeRefused),
        Step("consume", "off"),
        Step("crossfade"), Step("crossfade", "0"), Step("mixrampdb"), Step("mixrampdb", "-17"), Step("mixrampdb"),
        Step("mixrampdb", "0"), Step("mixrampdelay"),
        Step("replaygain"), Step("replaygain", "track"), Step("replaygain"), Step("replaygain", "off"), Step("replaygain"),
        Step("volume"), Step("volume", "-10"), Step("volume", "+5"), Step("volume"), Step("volume", "100"),
        // Outputs.
        Step("outputs"), Step("toggleoutput", "1", known: Self.oneOutputAlways), Step("outputs", known: Self.oneOutputAlways),
        Step("enable", "1"), Step("outputs"),
        Step("enable", "9"), Step("disable", "9"), Step("outputset", "1", "dop=1"), Step("mount"), Step("unmount", "m"),
        // Stickers.
        Step("sticker", "A/short-a.mp3", "set", "rating", "5"), Step("sticker", "A/short-a.mp3", "get", "rating"),
        Step("sticker", "A/short-b.mp3", "set", "rating", "3"), Step("sticker", "A/short-a.mp3", "list"),
        Step("sticker", "A", "find", "rating"), Step("sticker", "A/short-a.mp3", "delete", "rating"),
        Step("sticker", "A/short-a.mp3", "get", "rating"),
        // Saved playlists.
        Step("save", "mine"), Step("save", "mine"), Step("lsplaylists"), Step("playlist", "mine"), Step("clear"),
        Step("load", "mine"), Step("playlist"), Step("rm", "mine"), Step("rm", "mine"), Step("lsplaylists"),
        // Messages, and what is left.
        Step("channels"), Step("sendmessage", "nobody", "hi"), Step("clearerror"), Step("shuffle"), Step("clear"),
        Step("status"),
    ]

    static let consumeRefused = "deliberate: Rondo refuses consume, keeping played songs so previous and resume can go back"
    static let oneOutputAlways =
        "deliberate: Rondo always plays to one output, so its only one cannot be turned off; enabling another moves the music there"

    /// Every step of the script prints, fails and exits the same on rondod as on MPD, but
    /// for the known differences.
    @Test func mpcShowsTheSameOnBoth() throws {
        let rig = try MPDConformanceTests.Rig()
        defer { rig.stop() }
        #expect(Self.script.count >= 60)
        for step in Self.script {
            let expected = Self.normalized(Self.mpc(step.words, on: rig.mpd.socketPath))
            let actual = Self.normalized(Self.mpc(step.words, on: rig.rondoSocket))
            let shown = "`mpc \(step.words.joined(separator: " "))`:\nMPD:   \(expected)\nRondo: \(actual)"
            guard let known = step.known else {
                #expect(expected == actual, "\(shown)")
                continue
            }
            withKnownIssue(Comment(rawValue: known)) { #expect(expected == actual, "\(shown)") }
        }
    }

    /// `mpc single once`: the song plays to its end and the next one waits, paused at its
    /// start, with single off again; the same on both.
    @Test func singleOnceWaitsAtTheNextSong() throws {
        let rig = try MPDConformanceTests.Rig()
        defer { rig.stop() }
        for socket in [rig.mpd.socketPath, rig.rondoSocket] {
            for words in [["clear"], ["add", "A"], ["single", "once"], ["play", "1"]] {
                #expect(Self.mpc(words, on: socket).status == 0)
            }
            let waited = Self.wait(upTo: 10) { Self.mpc(["status"], on: socket).stdout.contains("[paused]  #2/2   0:00/") }
            #expect(waited, "\(socket): \(Self.mpc(["status"], on: socket))")
            #expect(Self.mpc(["status"], on: socket).stdout.contains("single: off"))
        }
    }

    /// `mpc waitmessage` prints what `mpc sendmessage` sends on its channel, on both.
    @Test func waitmessageGetsWhatSendmessageSends() throws {
        let rig = try MPDConformanceTests.Rig()
        defer { rig.stop() }
        let scratch = try TemporaryDirectory(prefix: "rondo-waitmessage")
        defer { scratch.remove() }
        for (index, socket) in [rig.mpd.socketPath, rig.rondoSocket].enumerated() {
            let printed = scratch.appending("printed\(index)")
            let waiter = try ChildProcess(
                ["/usr/bin/mpc", "waitmessage", "news"], environment: ["MPD_HOST": socket, "MPD_PORT": nil],
                standardOutput: .file(printed))
            defer { _ = waiter.terminate(grace: 1) }
            #expect(Self.wait(upTo: 5) { Self.mpc(["channels"], on: socket).stdout == "news\n" })
            #expect(Self.mpc(["sendmessage", "news", "hello there"], on: socket).status == 0)
            #expect(Self.wait(upTo: 5) { !waiter.isRunning })
            #expect((try? String(contentsOfFile: printed, encoding: .utf8)) == "hello there\n")
        }
    }

    /// Whether `condition` came true within `timeout` seconds, asked every 50 ms.
    static func wait(upTo timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }
}
