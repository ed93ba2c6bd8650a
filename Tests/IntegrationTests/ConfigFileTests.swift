import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The built `rondod` reads rondo.toml (SPEC §1): an invalid file stops it with exit status
/// 78 and a message naming file and line; flags override the file; `restore_playing`
/// decides whether a daemon killed while playing comes back playing.
@Suite(.sameOnEveryAudioServer("how rondod reads its configuration file"))
struct ConfigFileTests {
    /// Writes `text` to `path`, creating its directory.
    private func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Runs `rondod` with `arguments` on a private socket and XDG directories under `directory`.
    private func runDaemon(_ arguments: [String], in directory: TemporaryDirectory) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture(
            [BuiltProducts.rondod, "--socket", directory.appending("rondo.sock"), "--database", directory.appending("library.sqlite")]
                + arguments,
            environment: [
                "XDG_CONFIG_HOME": directory.appending("config"),
                "XDG_DATA_HOME": directory.appending("data"),
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"),
                "RONDO_SOCKET": nil,
            ])
    }

    /// A file named by `--config` with a value of the wrong kind: exit status 78, the file
    /// and line on stderr, and no socket bound.
    @Test func invalidConfigExitsWithEXCONFIG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.appending("bad.toml")
        try write("log_level = \"info\"\nrestore_playing = \"yes\"\n", to: config)
        let run = runDaemon(["--config", config], in: directory)
        #expect(run.status == 78)
        #expect(run.stderr.contains("\(config):2: restore_playing must be true or false, not \"yes\""), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appending("rondo.sock")))
    }

    /// A misspelt key in the user's `$XDG_CONFIG_HOME/rondo/rondo.toml` is not ignored.
    @Test func unknownKeyInTheUserFileExitsWithEXCONFIG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.appending("config/rondo/rondo.toml")
        try write("# mine\n\nrestore_playng = true\n", to: config)
        let run = runDaemon([], in: directory)
        #expect(run.status == 78)
        #expect(run.stderr.contains("\(config):3: unknown key restore_playng (did you mean restore_playing?)"), "\(run.stderr)")
    }

    /// A missing `--config` file is an error, not a silent fallback to the defaults.
    @Test func missingConfigFileExitsWithEXCONFIG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.appending("missing.toml")
        let run = runDaemon(["--config", config], in: directory)
        #expect(run.status == 78)
        #expect(run.stderr.contains("\(config): no such file"), "\(run.stderr)")
    }

    /// The file's settings apply, and each flag overrides the file.
    @Test func flagsOverrideTheFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = directory.appending("rondo.toml")
        try write("music_directory = \"/srv/from-file\"\npolicy = \"quiet\"\n", to: config)
        let first = try DaemonProcess(pulseServer: nil)
        let packaged = try String(contentsOfFile: BuiltProducts.packageRoot + "/Config/policies/default.toml", encoding: .utf8)
        try write(
            packaged.replacingOccurrences(of: "name = \"default\"", with: "name = \"quiet\""),
            to: first.directory.appending("config/rondo/policies/quiet.toml"))
        first.stop()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config], restarting: first)
        let info = try daemon.client().call(Methods.DaemonInfoMethod.self)
        #expect(info.policy == "quiet")
        #expect(info.musicDirectory == daemon.directory.path)

        let flagged = try DaemonProcess(pulseServer: nil, arguments: ["--config", config, "--policy", "default"])
        #expect(try flagged.client().call(Methods.DaemonInfoMethod.self).policy == "default")
    }

    /// A policy that does not exist, or a policy file with a mistake, stops rondod with
    /// exit status 78 and a message naming the policy, or the file and line.
    @Test func badPolicyExitsWithEXCONFIG() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = runDaemon(["--policy", "nonesuch"], in: directory)
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("no focus policy named 'nonesuch'"), "\(missing.stderr)")

        let file = directory.appending("config/rondo/policies/broken.toml")
        try write("name = \"broken\"\n\nduck_level = 2\n", to: file)
        let broken = runDaemon(["--policy", "broken"], in: directory)
        #expect(broken.status == 78)
        #expect(broken.stderr.contains("\(file):3:"), "\(broken.stderr)")
    }

    /// With `restore_playing = true` in the user's file, a daemon killed while playing comes
    /// back playing.
    @Test func restorePlayingResumesAKilledDaemon() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let first = try startPlaying(pulse)
        try write("restore_playing = true\n", to: first.directory.appending("config/rondo/rondo.toml"))
        first.kill()

        let second = try DaemonProcess(pulseServer: pulse.server, restarting: first)
        let client = try second.client()
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == .playing, "\(second.log)")
        // The title is read by the player's loader, after the state is back.
        #expect(try eventually { try client.call(Methods.NowPlayingGet.self).info.title != nil })
    }

    /// Without `restore_playing` (the packaged default is false) it comes back paused.
    @Test func killedDaemonComesBackPausedByDefault() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let first = try startPlaying(pulse)
        first.kill()

        let second = try DaemonProcess(pulseServer: pulse.server, restarting: first)
        #expect(try second.client().call(Methods.NowPlayingGet.self).playbackState == .paused, "\(second.log)")
    }

    /// A daemon playing `long440.mp3`, its state saved as playing: a request is answered
    /// once what it changed is on disk.
    private func startPlaying(_ pulse: PulseServer) throws -> DaemonProcess {
        let daemon = try DaemonProcess(pulseServer: pulse.server)
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")], startIndex: 0, play: true))
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == .playing)
        return daemon
    }
}
