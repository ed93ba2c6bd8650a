import Audio
import Foundation
import RondoMPD

extension DaemonOptions {
    /// The defaults for this user and environment with a configuration file applied: the
    /// file named by `configFile`, else the one ``ConfigLocation`` finds. Command-line flags
    /// are applied by the caller afterwards, so they override the file.
    /// - Parameters:
    ///   - configFile: the file named by `--config`, absolute, if any.
    ///   - environment: the process environment.
    ///   - executable: the running binary, to find the packaged default.
    /// - Throws: ``ConfigError`` when the file cannot be read or is invalid.
    public static func configured(
        configFile: String?, environment: [String: String], executable: String = PackagedFiles.runningExecutable
    ) throws(ConfigError) -> DaemonOptions {
        var options = defaults(environment: environment)
        guard let path = ConfigLocation.resolve(explicit: configFile, environment: environment, executable: executable) else {
            return options
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        options.apply(try ConfigFile.load(path: path, home: home), environment: environment)
        return options
    }

    /// Applies the settings `config` makes. PulseAudio's own `PULSE_SERVER` and
    /// `PULSE_SINK` win over `[pulse]`, as they win over PulseAudio's `client.conf`.
    /// - Parameters:
    ///   - config: the checked configuration file.
    ///   - environment: the process environment.
    public mutating func apply(_ config: ConfigFile, environment: [String: String]) {
        configPath = config.path
        if let musicDirectory = config.musicDirectory { self.musicDirectory = musicDirectory }
        if let databasePath = config.databasePath { self.databasePath = databasePath }
        if let policy = config.policy { self.policy = policy }
        if let releaseAfter = config.releaseAfter { self.releaseAfter = releaseAfter }
        if let promptHoldSeconds = config.promptHoldSeconds { self.promptHoldSeconds = promptHoldSeconds }
        if let restorePlaying = config.restorePlaying { self.restorePlaying = restorePlaying }
        if let resumeWithin = config.resumeWithin { self.resumeWithin = resumeWithin }
        if let logLevel = config.logLevel { self.logLevel = logLevel }
        if let maxClients = config.maxClients { self.maxClients = maxClients }
        if let output = config.output { self.output = output }
        if let mprisEnabled = config.mprisEnabled { self.mprisEnabled = mprisEnabled }
        if let mode = config.replayGain { replayGain.mode = mode }
        if let preamp = config.preampDecibels { replayGain.preampDecibels = preamp }
        if let preventClipping = config.preventClipping { replayGain.preventsClipping = preventClipping }
        if let resumeOnOutput = config.resumeOnOutput { self.resumeOnOutput = resumeOnOutput }
        if let within = config.resumeOnOutputWithin { resumeOnOutputWithin = within }
        if let fade = config.fadeMilliseconds { fadeMilliseconds = fade }
        if let scope = config.adoptionScope { adoptionScope = scope }
        if let timeout = config.networkTimeout { network.timeout = timeout }
        if let buffer = config.networkBuffer { network.bufferSeconds = buffer }
        if let userAgent = config.userAgent { network.userAgent = userAgent }
        if let refreshEvery = config.refreshEvery { podcasts.refreshEvery = refreshEvery }
        if let downloadAhead = config.downloadAhead { podcasts.downloadAhead = downloadAhead }
        if let cacheLimitMB = config.cacheLimitMB { podcasts.cacheLimitMB = cacheLimitMB }
        if let playedAtRemaining = config.playedAtRemaining { podcasts.playedAtRemaining = playedAtRemaining }
        if let skipBack = config.skipBack { podcasts.skipBack = skipBack }
        if let skipForward = config.skipForward { podcasts.skipForward = skipForward }
        if let viewListen = config.viewListen { self.viewListen = viewListen }
        if let source = config.snapcastSource { snapcastSource = source }
        if let buffer = config.snapcastBufferMilliseconds { snapcastSource.bufferMilliseconds = buffer }
        if let enabled = config.mpdEnabled { mpd.enabled = enabled }
        if let listen = config.mpdListen { mpd.listen = listen }
        if let password = config.mpdPassword { mpd.password = password }
        if let pulseServer = config.pulseServer, environment["PULSE_SERVER"] == nil { self.pulseServer = pulseServer }
        if let pulseSink = config.pulseSink, environment["PULSE_SINK"] == nil { self.pulseSink = pulseSink }
    }
}
