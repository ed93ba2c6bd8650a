public import Audio
public import Focus
import Foundation
public import Logging
public import RondoMPD

/// The settings of one `rondo.toml` (SPEC §1), checked: every key is known and every value
/// is of the kind its key takes. A key that is absent, or a path or PulseAudio setting
/// written as `""`, is `nil` and leaves the built-in default in force.
public struct ConfigFile: Sendable, Equatable {
    /// The file the settings were read from.
    public var path: String
    /// `music_directory`, absolute, `~` expanded.
    public var musicDirectory: String?
    /// `database`, absolute, `~` expanded.
    public var databasePath: String?
    /// `policy`: the name of the focus policy in force.
    public var policy: String?
    /// `release_after`: seconds without playback before the player releases its session.
    public var releaseAfter: Double?
    /// `prompt_hold_s`: seconds a silent voice prompt may hold its session before an advisory.
    public var promptHoldSeconds: Double?
    /// `resume_within_s`: seconds within which a returning audio server resumes playback.
    public var resumeWithin: Double?
    /// `restore_playing`: whether a daemon that stopped while playing resumes on restart.
    public var restorePlaying: Bool?
    /// `log_level`: the log threshold.
    public var logLevel: Logger.Level?
    /// `max_clients`: how many clients may be connected at once.
    public var maxClients: Int?
    /// `output`: where the sound goes.
    public var output: OutputKind?
    /// `[pulse] server`: the PulseAudio server to play to.
    public var pulseServer: String?
    /// `[pulse] sink`: the sink to play to.
    public var pulseSink: String?
    /// `[mpris] enabled`: whether the player is offered on the D-Bus session bus.
    public var mprisEnabled: Bool?
    /// `[view] listen`: where the head-unit view listens, or off.
    public var viewListen: ViewListen?
    /// `[playback] replaygain`.
    public var replayGain: ReplayGainMode?
    /// `[playback] preamp_db`.
    public var preampDecibels: Double?
    /// `[playback] prevent_clipping`.
    public var preventClipping: Bool?
    /// `[playback] resume_on_output`: `.some(nil)` for `""` (none).
    public var resumeOnOutput: String??
    /// `[playback] resume_on_output_within_s`.
    public var resumeOnOutputWithin: Double?
    /// `[playback] fade_ms`.
    public var fadeMilliseconds: Int?
    /// `[focus] adopt`.
    public var adoptionScope: AdoptionScope?
    /// `[network] timeout_s`.
    public var networkTimeout: Double?
    /// `[network] buffer_s`.
    public var networkBuffer: Double?
    /// `[network] user_agent`.
    public var userAgent: String?
    /// `[podcasts] refresh_every`, in seconds.
    public var refreshEvery: Double?
    /// `[podcasts] download_ahead`.
    public var downloadAhead: Int?
    /// `[podcasts] cache_limit_mb`.
    public var cacheLimitMB: Int?
    /// `[podcasts] played_at_remaining_s`.
    public var playedAtRemaining: Double?
    /// `[podcasts] skip_back_s`.
    public var skipBack: Double?
    /// `[podcasts] skip_forward_s`.
    public var skipForward: Double?
    /// `[snapcast] source`.
    public var snapcastSource: SnapcastSource?
    /// `[snapcast] buffer_ms`.
    public var snapcastBufferMilliseconds: Int?
    /// `[mpd] enabled`.
    public var mpdEnabled: Bool?
    /// `[mpd] listen`: `.some(nil)` for the Unix socket only.
    public var mpdListen: MPDSettings.Listen??
    /// The line `[mpd] listen` is on, for the error when it needs a password.
    var mpdListenLine: Int?
    /// `[mpd] password`: `.some(nil)` for none.
    public var mpdPassword: String??

    /// Creates settings that set nothing, as read from `path`.
    public init(path: String) {
        self.path = path
    }

    /// Reads and checks the configuration file at `path`.
    /// - Parameters:
    ///   - path: the file.
    ///   - home: the home directory that `~` in paths stands for.
    /// - Returns: its settings.
    /// - Throws: ``ConfigError`` when the file cannot be read, is not UTF-8 TOML, or sets
    ///   an unknown key or a value its key does not take.
    public static func load(path: String, home: String) throws(ConfigError) -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read (check its permissions)" : "no such file"
            throw ConfigError(path: path, line: nil, message: reason)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(path: path, line: nil, message: "not UTF-8 text; TOML files are UTF-8")
        }
        return try parse(text, path: path, home: home)
    }

    /// Checks the text of a configuration file.
    /// - Parameters:
    ///   - text: the TOML document.
    ///   - path: the file it came from, for errors.
    ///   - home: the home directory that `~` in paths stands for.
    /// - Returns: its settings.
    /// - Throws: ``ConfigError`` at the first line that is not valid TOML, sets an unknown
    ///   key or sets a value its key does not take.
    public static func parse(_ text: String, path: String, home: String) throws(ConfigError) -> ConfigFile {
        let entries: [ConfigEntry]
        do {
            entries = try ConfigTOML.entries(in: text, path: path)
        } catch {
            throw ConfigKey.explain(error, in: text)
        }
        var config = ConfigFile(path: path)
        for entry in entries {
            guard let key = ConfigKey(rawValue: entry.name) else { throw ConfigKey.unknown(entry, in: path) }
            try key.apply(entry, to: &config, home: home)
        }
        if case .some(.some(let listen)) = config.mpdListen, !listen.isLoopback, (config.mpdPassword ?? nil) == nil {
            throw ConfigError(
                path: path, line: config.mpdListenLine,
                message: "mpd.listen = \"\(listen)\" lets other machines in: set mpd.password too, or listen on a loopback address")
        }
        return config
    }
}
