import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// A music directory that cannot be listed, met by a daemon that runs as an ordinary user
/// (`setpriv`: root lists every directory, so the case only exists for another uid).
struct UnreadableDirectoryTests {
    private static let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    /// The directory is listed as a problem and the tracks the library knew under it stay.
    @Test func keepsTracksUnderAnUnreadableDirectory() throws {
        let work = try TemporaryDirectory(prefix: "rondod-nobody")
        defer { work.remove() }
        let music = try MusicDirectory()
        defer { music.directory.remove() }
        try music.add("Locked/one.mp3", title: "One", artist: "A", album: "B")
        try music.add("Open/two.mp3", title: "Two", artist: "A", album: "B")
        #expect(Subprocess.run(["/bin/chown", "-R", "65534:65534", work.path, music.path]) == 0)

        let socket = work.appending("rondo.sock")
        let daemon = try ChildProcess(
            Self.nobody + [
                BuiltProducts.rondod, "--socket", socket, "--database", work.appending("library.sqlite"),
                "--music-dir", music.path,
            ],
            environment: [
                "PULSE_SERVER": "unix:" + work.appending("no-pulse-here"), "XDG_DATA_HOME": work.appending("data"),
                "XDG_CONFIG_HOME": work.appending("config"), "XDG_CACHE_HOME": work.appending("cache"),
                "XDG_RUNTIME_DIR": work.path, "HOME": work.path,
            ],
            standardError: .file(work.appending("rondod.log")))
        defer { _ = daemon.terminate() }
        func rondo(_ words: String...) -> (status: Int32, stdout: String, stderr: String) {
            Subprocess.capture(Self.nobody + [BuiltProducts.rondo, "--socket", socket] + words)
        }
        var answered = false
        for _ in 0..<200 where !answered {
            answered = rondo("status").status == 0
            if !answered { Thread.sleep(forTimeInterval: 0.025) }
        }
        try #require(answered, "rondod as nobody did not start")

        #expect(rondo("library", "scan").stdout.contains("2 added"))
        #expect(chmod(music.directory.appending("Locked"), 0) == 0)
        let rescan = rondo("library", "scan")
        #expect(rescan.stdout.contains("0 removed"), "\(rescan.stdout)\(rescan.stderr)")
        #expect(rondo("library", "problems").stdout.contains("unreadable directory"))
        #expect(rondo("library", "stats").stdout.contains("tracks: 2"))
    }
}
