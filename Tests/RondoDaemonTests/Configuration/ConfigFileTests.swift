import Audio
import Logging
import RondoMPD
import RondoTesting
import Testing

@testable import RondoDaemon

/// Reading the keys of rondo.toml (SPEC §1).
struct ConfigFileTests {
    private static let path = "/etc/rondo/rondo.toml"
    private static let home = "/home/ada"

    private func parse(_ text: String) throws -> ConfigFile {
        try ConfigFile.parse(text, path: Self.path, home: Self.home)
    }

    /// Every key of SPEC §1 is read into its setting.
    @Test func readsEveryKey() throws {
        let config = try parse(
            """
            music_directory = "/srv/music"
            database = "/var/lib/rondo/library.sqlite"
            policy = "automotive"
            release_after = 7
            prompt_hold_s = 2.5
            restore_playing = true
            log_level = "debug"
            output = "null"

            [pulse]
            server = "unix:/run/user/1000/pulse/native"
            sink = "alsa_output.pci"

            [playback]
            replaygain = "auto"
            preamp_db = -2.5
            prevent_clipping = false

            [network]
            timeout_s = 4.5
            buffer_s = 3
            user_agent = "Rondo (test)"

            [podcasts]
            refresh_every = "1h30m"
            download_ahead = 3
            cache_limit_mb = 512
            played_at_remaining_s = 45
            skip_back_s = 10
            skip_forward_s = 45.5
            """)
        var expected = ConfigFile(path: Self.path)
        expected.musicDirectory = "/srv/music"
        expected.databasePath = "/var/lib/rondo/library.sqlite"
        expected.policy = "automotive"
        expected.releaseAfter = 7
        expected.promptHoldSeconds = 2.5
        expected.restorePlaying = true
        expected.logLevel = .debug
        expected.output = .null
        expected.pulseServer = "unix:/run/user/1000/pulse/native"
        expected.pulseSink = "alsa_output.pci"
        expected.replayGain = .auto
        expected.preampDecibels = -2.5
        expected.preventClipping = false
        expected.networkTimeout = 4.5
        expected.networkBuffer = 3
        expected.userAgent = "Rondo (test)"
        expected.refreshEvery = 5400
        expected.downloadAhead = 3
        expected.cacheLimitMB = 512
        expected.playedAtRemaining = 45
        expected.skipBack = 10
        expected.skipForward = 45.5
        #expect(config == expected)
    }

    /// `refresh_every` reads a time with units, or seconds, from a minute to a week; the
    /// other podcast keys refuse what is out of their range.
    @Test func podcastKeysReadTimesAndRefuseWhatIsOutOfRange() throws {
        for (text, seconds) in [("\"1h\"", 3600.0), ("\"30m\"", 1800), ("\"1d\"", 86_400), ("\"2h 15m\"", 8100), ("600", 600)] {
            #expect(try parse("[podcasts]\nrefresh_every = \(text)\n").refreshEvery == seconds, "\(text)")
        }
        for line in [
            "refresh_every = \"30s\"", "refresh_every = \"8d\"", "refresh_every = \"soon\"", "refresh_every = \"1h5\"",
            "download_ahead = -1", "download_ahead = 51", "cache_limit_mb = 1.5", "played_at_remaining_s = 3601",
            "skip_back_s = 0", "skip_forward_s = 601",
        ] {
            #expect(throws: ConfigError.self, "\(line)") { try parse("[podcasts]\n" + line + "\n") }
        }
    }

    /// `[mpd]` takes a TCP address and a password; an address other machines can reach
    /// needs the password, and a bad address or password is refused with its line.
    @Test func mpdKeysGuardWhatOtherMachinesReach() throws {
        let local = try parse("[mpd]\nenabled = false\nlisten = \"127.0.0.1:6600\"\n")
        #expect(local.mpdEnabled == false && local.mpdListen??.description == "127.0.0.1:6600" && local.mpdListen??.isLoopback == true)
        let open = try parse("[mpd]\nlisten = \"[::]:6601\"\npassword = \"s3cret\"\n")
        #expect(open.mpdListen??.host == "::" && open.mpdListen??.port == 6601 && open.mpdPassword == .some("s3cret"))
        #expect(try parse("[mpd]\nlisten = \"\"\n").mpdListen == .some(nil))
        do {
            _ = try parse("[mpd]\nlisten = \"0.0.0.0:6600\"\n")
            Issue.record("an open address without a password was taken")
        } catch let error as ConfigError {
            #expect(error.line == 2 && error.message.contains("mpd.password"), "\(error)")
        }
        for line in ["listen = \"6600\"", "listen = \"example.org:6600\"", "listen = \"127.0.0.1:70000\"", "password = \"a\\nb\"", "enabled = 1"] {
            #expect(throws: ConfigError.self, "\(line)") { try parse("[mpd]\n" + line + "\n") }
        }
    }

    /// `output = "snapcast"` with `[snapcast] source` as HOST:PORT, a name or an address.
    @Test func snapcastSourceIsAHostAndPort() throws {
        let config = try parse("output = \"snapcast\"\n[snapcast]\nsource = \"rooms.local:4953\"\n")
        #expect(config.output == .snapcast && config.snapcastSource == SnapcastSource(host: "rooms.local", port: 4953))
        #expect(try parse("[snapcast]\nsource = \"[::1]:4953\"\n").snapcastSource?.description == "[::1]:4953")
        for text in ["\"4953\"", "\"host:0\"", "\"a b:1\"", "4953"] {
            #expect(throws: ConfigError.self, "\(text)") { try parse("[snapcast]\nsource = \(text)\n") }
        }
    }

    /// An empty file sets nothing, so every built-in default stays in force.
    @Test func emptyFileSetsNothing() throws {
        #expect(try parse("# nothing here\n") == ConfigFile(path: Self.path))
    }

    /// `""` for a path or a PulseAudio setting means the default, like an absent key.
    @Test func emptyStringsMeanTheDefault() throws {
        let config = try parse("music_directory = \"\"\ndatabase = \"\"\n[pulse]\nserver = \"\"\nsink = \"\"\n")
        #expect(config == ConfigFile(path: Self.path))
    }

    /// `~` and `~/…` in paths stand for the home directory.
    @Test func expandsTheHomeDirectory() throws {
        let config = try parse("music_directory = \"~\"\ndatabase = \"~/state/rondo.sqlite\"\n")
        #expect(config.musicDirectory == "/home/ada")
        #expect(config.databasePath == "/home/ada/state/rondo.sqlite")
    }

    /// Dotted keys and inline tables are the same TOML as a `[pulse]` table.
    @Test(arguments: ["pulse.server = \"tcp:car\"\n", "pulse = { server = \"tcp:car\" }\n"])
    func readsPulseInAnyTOMLForm(_ text: String) throws {
        #expect(try parse(text).pulseServer == "tcp:car")
    }

    /// Zero seconds is a valid `release_after` and `prompt_hold_s` (release at once, no hold).
    @Test func acceptsZeroSeconds() throws {
        let config = try parse("release_after = 0\nprompt_hold_s = 0.0\n")
        #expect(config.releaseAfter == 0)
        #expect(config.promptHoldSeconds == 0)
    }

    /// Every log level name swift-log knows is a valid `log_level`.
    @Test(arguments: Logger.Level.allCases)
    func acceptsEveryLogLevel(_ level: Logger.Level) throws {
        #expect(try parse("log_level = \"\(level.rawValue)\"").logLevel == level)
    }

    /// The packaged `Config/rondo.toml` parses, and its values are the built-in defaults.
    @Test func packagedDefaultParses() throws {
        let path = BuiltProducts.packageRoot + "/Config/rondo.toml"
        let config = try ConfigFile.load(path: path, home: Self.home)
        let environment = ["HOME": Self.home]
        var applied = DaemonOptions.defaults(environment: environment)
        applied.apply(config, environment: environment)
        let defaults = DaemonOptions.defaults(environment: environment)
        #expect(applied.musicDirectory == defaults.musicDirectory)
        #expect(applied.databasePath == defaults.databasePath)
        #expect(applied.policy == defaults.policy)
        #expect(applied.releaseAfter == defaults.releaseAfter)
        #expect(applied.promptHoldSeconds == defaults.promptHoldSeconds)
        #expect(applied.restorePlaying == false)
        #expect(applied.logLevel == defaults.logLevel)
        #expect(applied.pulseServer == defaults.pulseServer)
        #expect(applied.pulseSink == defaults.pulseSink)
        #expect(config.restorePlaying == false)
    }
}
