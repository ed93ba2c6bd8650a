import Logging
import RondoMPD
import Synchronization

/// Reads the configuration again on SIGHUP and puts into force what a running daemon can
/// change: `log_level`, `policy`, `prompt_hold_s` and `release_after`. The other keys
/// (the music directory, the database, `restore_playing`, `[pulse]`) are read only at
/// start; a reload that changes them says so in the log. An invalid file or policy
/// changes nothing: the daemon goes on with what it had and logs why.
///
/// Ownership: the options in force are guarded by `current`; reloads are serialised by
/// the one task that waits for SIGHUP.
final class ConfigurationReloader: Sendable {
    private let source: ConfigurationSource
    private let current: Mutex<DaemonOptions>
    private let threshold: LogThreshold
    private let sessions: SessionService
    private let player: PlayerService
    private let logger: Logger

    /// A reloader for a daemon started with `options`.
    /// - Parameters:
    ///   - source: where the settings are read from, with the command line's overrides.
    ///   - options: the options the daemon started with.
    ///   - threshold: the log threshold every handler shares.
    init(
        source: ConfigurationSource, options: DaemonOptions, threshold: LogThreshold,
        sessions: SessionService, player: PlayerService, logger: Logger
    ) {
        self.source = source
        current = Mutex(options)
        self.threshold = threshold
        self.sessions = sessions
        self.player = player
        self.logger = logger
    }

    /// The options in force: the start's, with the reloaded live keys.
    var options: DaemonOptions { current.withLock { $0 } }

    /// Reads the configuration and its policy again and applies the live keys.
    /// - Returns: whether the new configuration was applied (`false`: it was invalid).
    @discardableResult
    func reload() async -> Bool {
        let fresh: DaemonOptions
        do {
            fresh = try source.options()
            sessions.adopt(try source.policy(for: fresh))
        } catch {
            logger.error("reload failed, keeping the configuration in force: \(error)")
            return false
        }
        let previous = current.withLock { options in
            defer {
                options.configPath = fresh.configPath
                options.logLevel = fresh.logLevel
                options.policy = fresh.policy
                options.promptHoldSeconds = fresh.promptHoldSeconds
                options.releaseAfter = fresh.releaseAfter
                options.replayGain = fresh.replayGain
            }
            return options
        }
        threshold.level = fresh.logLevel
        await player.setReleaseAfter(fresh.releaseAfter)
        await player.setReplayGain(fresh.replayGain)
        let hold = fresh.promptHoldSeconds.map { "\($0) s" } ?? "the policy's"
        logger.notice(
            "reloaded \(fresh.configPath ?? "built-in defaults"): log_level \(fresh.logLevel), policy \(fresh.policy), prompt_hold_s \(hold), release_after \(fresh.releaseAfter) s"
        )
        let needRestart = Self.restartOnlyKeys(changedFrom: previous, to: fresh)
        if !needRestart.isEmpty {
            logger.warning("\(needRestart.joined(separator: ", ")) changed; restart rondod to apply (systemctl --user restart rondod)")
        }
        return true
    }

    /// The keys read only at start whose value differs between `old` and `new`.
    private static func restartOnlyKeys(changedFrom old: DaemonOptions, to new: DaemonOptions) -> [String] {
        var keys: [String] = []
        if old.musicDirectory != new.musicDirectory { keys.append(ConfigKey.musicDirectory.rawValue) }
        if old.databasePath != new.databasePath { keys.append(ConfigKey.database.rawValue) }
        if old.restorePlaying != new.restorePlaying { keys.append(ConfigKey.restorePlaying.rawValue) }
        if old.resumeWithin != new.resumeWithin { keys.append(ConfigKey.resumeWithin.rawValue) }
        if old.maxClients != new.maxClients { keys.append(ConfigKey.maxClients.rawValue) }
        if old.output != new.output { keys.append(ConfigKey.output.rawValue) }
        if old.snapcastSource.description != new.snapcastSource.description { keys.append(ConfigKey.snapcastSource.rawValue) }
        if old.snapcastSource.bufferMilliseconds != new.snapcastSource.bufferMilliseconds {
            keys.append(ConfigKey.snapcastBuffer.rawValue)
        }
        if old.pulseServer != new.pulseServer { keys.append(ConfigKey.pulseServer.rawValue) }
        if old.pulseSink != new.pulseSink { keys.append(ConfigKey.pulseSink.rawValue) }
        if old.mprisEnabled != new.mprisEnabled { keys.append(ConfigKey.mprisEnabled.rawValue) }
        if old.viewListen != new.viewListen { keys.append(ConfigKey.viewListen.rawValue) }
        if old.mpd.enabled != new.mpd.enabled { keys.append(ConfigKey.mpdEnabled.rawValue) }
        if old.mpd.listen != new.mpd.listen { keys.append(ConfigKey.mpdListen.rawValue) }
        if old.mpd.password != new.mpd.password { keys.append(ConfigKey.mpdPassword.rawValue) }
        return keys
    }
}
