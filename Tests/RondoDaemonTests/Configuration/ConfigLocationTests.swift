import Foundation
import RondoTesting
import Testing

@testable import RondoDaemon

/// Which rondo.toml is read, and how it combines with the defaults and the environment
/// (SPEC §1).
struct ConfigLocationTests {
    /// A fake installation: `bin/rondod` with `share/rondo/rondo.toml` beside it, and an
    /// XDG config home.
    private struct Installation {
        let directory: TemporaryDirectory
        var executable: String { directory.appending("usr/bin/rondod") }
        var packaged: String { directory.appending("usr/share/rondo/rondo.toml") }
        var user: String { directory.appending("config/rondo/rondo.toml") }
        var environment: [String: String] { ["HOME": directory.appending("home"), "XDG_CONFIG_HOME": directory.appending("config")] }

        init(packaged packagedText: String?, user userText: String?) throws {
            directory = try TemporaryDirectory()
            try write("", to: executable)
            if let packagedText { try write(packagedText, to: packaged) }
            if let userText { try write(userText, to: user) }
        }

        func write(_ text: String, to path: String) throws {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The user's file wins over the packaged default.
    @Test func userFileWinsOverPackagedDefault() throws {
        let install = try Installation(packaged: "policy = \"packaged\"\n", user: "policy = \"mine\"\n")
        defer { install.directory.remove() }
        let options = try DaemonOptions.configured(configFile: nil, environment: install.environment, executable: install.executable)
        #expect(options.policy == "mine")
        #expect(options.configPath == install.user)
    }

    /// Without a user file the packaged default of the installation is read.
    @Test func packagedDefaultWithoutUserFile() throws {
        let install = try Installation(packaged: "restore_playing = true\n", user: nil)
        defer { install.directory.remove() }
        let options = try DaemonOptions.configured(configFile: nil, environment: install.environment, executable: install.executable)
        #expect(options.restorePlaying)
        #expect(options.configPath.map(standardized) == standardized(install.packaged))
    }

    /// `--config FILE` wins over both, and a missing one is an error rather than a fallback.
    @Test func explicitFileWins() throws {
        let install = try Installation(packaged: "policy = \"packaged\"\n", user: "policy = \"mine\"\n")
        defer { install.directory.remove() }
        let explicit = install.directory.appending("explicit.toml")
        try install.write("policy = \"explicit\"\n", to: explicit)
        let options = try DaemonOptions.configured(configFile: explicit, environment: install.environment, executable: install.executable)
        #expect(options.policy == "explicit")
        let missing = install.directory.appending("missing.toml")
        #expect(throws: ConfigError.self) {
            try DaemonOptions.configured(configFile: missing, environment: install.environment, executable: install.executable)
        }
    }

    /// With no file anywhere the built-in defaults apply.
    @Test func noFileMeansDefaults() throws {
        let install = try Installation(packaged: nil, user: nil)
        defer { install.directory.remove() }
        let options = try DaemonOptions.configured(configFile: nil, environment: install.environment, executable: install.executable)
        #expect(options.configPath == nil)
        #expect(options.policy == "default")
        #expect(options.releaseAfter == 5)
        #expect(options.promptHoldSeconds == nil)
        #expect(!options.restorePlaying)
    }

    /// A source checkout's `Config/rondo.toml` is found from a binary built in `.build`.
    @Test func findsTheCheckoutsConfig() {
        let executable = BuiltProducts.packageRoot + "/.build/x86_64-unknown-linux-gnu/debug/rondod"
        #expect(ConfigLocation.packagedDefault(executable: executable) == BuiltProducts.packageRoot + "/Config/rondo.toml")
    }

    /// `PULSE_SERVER` and `PULSE_SINK` win over `[pulse]`, as over PulseAudio's client.conf.
    @Test func pulseEnvironmentWinsOverTheFile() throws {
        var config = ConfigFile(path: "/etc/rondo.toml")
        config.pulseServer = "tcp:file"
        config.pulseSink = "file_sink"
        let bare = ["HOME": "/home/ada"]
        var options = DaemonOptions.defaults(environment: bare)
        options.apply(config, environment: bare)
        #expect(options.pulseServer == "tcp:file")
        #expect(options.pulseSink == "file_sink")

        let pulse = ["HOME": "/home/ada", "PULSE_SERVER": "tcp:env", "PULSE_SINK": "env_sink"]
        options = DaemonOptions.defaults(environment: pulse)
        options.apply(config, environment: pulse)
        #expect(options.pulseServer == "tcp:env")
        #expect(options.pulseSink == nil)
    }
}
