public import Audio
public import Focus
import Foundation
public import Logging
public import RondoMPD
import RondoProtocol
import RondoView

/// Everything the daemon needs to know to start, resolved from flags, the configuration
/// file, the environment and the XDG base directories (SPEC §1).
public struct DaemonOptions: Sendable {
    /// Unix socket path.
    public var socketPath: String
    /// Music directory.
    public var musicDirectory: String
    /// SQLite database path.
    public var databasePath: String
    /// Where embedded cover art is written for clients to open (`$XDG_CACHE_HOME/rondo/artwork`).
    public var cacheDirectory: String
    /// Where podcast episodes are downloaded ahead: beside the artwork
    /// (`$XDG_CACHE_HOME/rondo/podcasts`).
    public var podcastDirectory: String {
        (cacheDirectory as NSString).deletingLastPathComponent + "/podcasts"
    }
    /// Focus policy name.
    public var policy: String
    /// Log threshold.
    public var logLevel: Logger.Level
    /// Where the sound goes (`output`, `--output`; default PulseAudio).
    public var output: OutputKind
    /// PulseAudio server string, `nil` for the default (`PULSE_SERVER`).
    public var pulseServer: String?
    /// Sink name, `nil` for the default (`PULSE_SINK`).
    public var pulseSink: String?
    /// Files to queue at start (the demo tracks with `--demo`).
    public var initialQueue: [String]
    /// Seconds without playback after which the player releases its audio session
    /// (`release_after`, default 5).
    public var releaseAfter: Double
    /// Seconds a silent voice prompt may hold its session before an advisory (`prompt_hold_s`);
    /// `nil` leaves the policy's value (3 in the default policy).
    public var promptHoldSeconds: Double?
    /// Whether a daemon that stopped while playing resumes playing on restart
    /// (`restore_playing`, default `false`: state is restored paused).
    public var restorePlaying: Bool
    /// Seconds within which an audio server that went away while the player played must
    /// answer again for playback to resume by itself (`resume_within_s`, default 30).
    public var resumeWithin: Double
    /// How many clients may be connected at once (`max_clients`, default 4096); one more is
    /// answered with an error and closed. The open-file limit may lower it further.
    public var maxClients: Int
    /// Whether the MPRIS object is offered on the D-Bus session bus (`[mpris] enabled`,
    /// default `true`).
    public var mprisEnabled: Bool
    /// Where the head-unit view listens (`[view] listen`, default `127.0.0.1:8737`), or off.
    public var viewListen: ViewListen
    /// How loud tracks play from their ReplayGain tags (`[playback]`: `replaygain`, default
    /// "off"; `preamp_db`, default 0; `prevent_clipping`, default true). A reload applies it.
    public var replayGain: ReplayGainSettings = .standard
    /// The sinks whose appearance resumes playback (`[playback] resume_on_output`, default
    /// none) and the window after a stop within which they still do
    /// (`resume_on_output_within_s`, default 0: only what a route's loss paused).
    public var resumeOnOutput: String?
    public var resumeOnOutputWithin = 0.0
    /// How long pauses, stops, skips, resumes and interruptions fade instead of cutting
    /// (`[playback] fade_ms`, default 150; 0: they cut).
    public var fadeMilliseconds = 150
    /// Which other programs' streams the arbiter adopts (`[focus] adopt`, default `roles`; SPEC §16).
    public var adoptionScope = AdoptionScope.roles
    /// How streams are fetched (`[network]`: `timeout_s`, default 10; `buffer_s`, default 2;
    /// `user_agent`, default `rondod/VERSION`).
    public var network = NetworkSettings()
    /// How podcasts are kept (`[podcasts]`: `refresh_every`, `download_ahead`,
    /// `cache_limit_mb`, `played_at_remaining_s`, `skip_back_s`, `skip_forward_s`).
    public var podcasts = PodcastSettings()
    /// The snapserver TCP source the Snapcast output writes to (`[snapcast] source`,
    /// default `127.0.0.1:4953`).
    public var snapcastSource = SnapcastSource.standard
    /// How the MPD protocol is served (`[mpd]`: `enabled`, `listen`, `password`).
    public var mpd = MPDSettings()
    /// The MPD protocol's Unix socket: `mpd.sock` beside the daemon's own.
    public var mpdSocketPath: String {
        (socketPath as NSString).deletingLastPathComponent + "/mpd.sock"
    }
    /// The configuration file these options were read from, `nil` when none was.
    public var configPath: String?

    /// The largest `max_clients` the configuration accepts.
    public static let maxClientsCeiling = 1_000_000

    /// The defaults for this user and environment.
    public static func defaults(environment: [String: String]) -> DaemonOptions {
        let directories = XDGDirectories(environment: environment)
        return DaemonOptions(
            socketPath: SocketLocation.defaultPath(environment: environment, uid: getuid()),
            musicDirectory: directories.music,
            databasePath: directories.data + "/rondo/library.sqlite",
            cacheDirectory: directories.cache + "/rondo/artwork",
            policy: "default",
            logLevel: .info,
            output: .pulse,
            pulseServer: environment["PULSE_SERVER"],
            pulseSink: nil,
            initialQueue: [],
            releaseAfter: 5,
            promptHoldSeconds: nil,
            restorePlaying: false,
            resumeWithin: 30,
            maxClients: 4096,
            mprisEnabled: true,
            viewListen: .address(.standard),
            configPath: nil)
    }
}
