import Audio
import Focus
import Logging
import Playback
import RondoMPD

/// The keys `rondo.toml` takes (SPEC §1), each with what its value must be and how it is
/// stored once checked.
enum ConfigKey: String, CaseIterable {
    case musicDirectory = "music_directory"
    case database
    case policy
    case releaseAfter = "release_after"
    case promptHold = "prompt_hold_s"
    case resumeWithin = "resume_within_s"
    case restorePlaying = "restore_playing"
    case logLevel = "log_level"
    case maxClients = "max_clients"
    case output
    case pulse
    case pulseServer = "pulse.server"
    case pulseSink = "pulse.sink"
    case mpris
    case mprisEnabled = "mpris.enabled"
    case view
    case viewListen = "view.listen"
    case playback
    case replayGain = "playback.replaygain"
    case preampDecibels = "playback.preamp_db"
    case preventClipping = "playback.prevent_clipping"
    case resumeOnOutput = "playback.resume_on_output"
    case resumeOnOutputWithin = "playback.resume_on_output_within_s"
    case fade = "playback.fade_ms"
    case network
    case networkTimeout = "network.timeout_s"
    case networkBuffer = "network.buffer_s"
    case userAgent = "network.user_agent"
    case podcasts
    case refreshEvery = "podcasts.refresh_every"
    case downloadAhead = "podcasts.download_ahead"
    case cacheLimit = "podcasts.cache_limit_mb"
    case playedAtRemaining = "podcasts.played_at_remaining_s"
    case skipBack = "podcasts.skip_back_s"
    case skipForward = "podcasts.skip_forward_s"
    case snapcast
    case snapcastSource = "snapcast.source"
    case snapcastBuffer = "snapcast.buffer_ms"
    case mpd
    case mpdEnabled = "mpd.enabled"
    case mpdListen = "mpd.listen"
    case mpdPassword = "mpd.password"
    case focus
    case adopt = "focus.adopt"

    /// The table a key lies in (`pulse` for `pulse.server`), `nil` at the top level.
    var table: String? {
        rawValue.firstIndex(of: ".").map { String(rawValue[..<$0]) }
    }

    /// The tables of rondo.toml, in the order the file shows them.
    static let tables: [ConfigKey] = [.pulse, .mpris, .view, .playback, .network, .podcasts, .snapcast, .mpd, .focus]

    /// What the value must be, as the sentence "KEY must be …" ends.
    var expectation: String {
        switch self {
        case .musicDirectory, .database: "an absolute path, one starting with ~/, or \"\" for the default"
        case .policy: "a policy name such as \"default\""
        case .releaseAfter, .promptHold, .resumeWithin: "a number of seconds, 0 or more"
        case .restorePlaying: "true or false"
        case .output:
            "\"pulse\" (play through PulseAudio or PipeWire-Pulse), \"snapcast\" (to a Snapcast server, every room in sync) or \"null\" (play in real time to no sound card)"
        case .maxClients: "a whole number of clients from 1 to \(DaemonOptions.maxClientsCeiling)"
        case .logLevel: "one of " + Logger.Level.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        case .pulse: "a table: write [pulse] with server and sink under it"
        case .pulseServer: "a PulseAudio server string such as \"unix:/run/user/1000/pulse/native\", or \"\" for the default"
        case .pulseSink: "a sink name as `pactl list short sinks` shows it, or \"\" for the default"
        case .mpris: "a table: write [mpris] with enabled under it"
        case .mprisEnabled: "true or false"
        case .view: "a table: write [view] with listen under it"
        case .viewListen: "a loopback address and port such as \"127.0.0.1:8737\", or \"off\""
        case .playback:
            "a table: write [playback] with replaygain, preamp_db, prevent_clipping, resume_on_output, resume_on_output_within_s and fade_ms under it"
        case .replayGain: "one of " + ReplayGainMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        case .preampDecibels: "a number of decibels from \(-ReplayGainSettings.preampLimit) to \(ReplayGainSettings.preampLimit)"
        case .preventClipping: "true or false"
        case .resumeOnOutput: "a pattern of sink names such as \"bluez_sink.*\" (* and ? match any text, [..] a set), or \"\" for none"
        case .resumeOnOutputWithin: "a number of seconds, 0 or more"
        case .fade: "a whole number of milliseconds from 0 (pauses cut) to 2000"
        case .network: "a table: write [network] with timeout_s, buffer_s and user_agent under it"
        case .networkTimeout: "a number of seconds from \(NetworkSettings.timeoutRange.lowerBound) to \(NetworkSettings.timeoutRange.upperBound)"
        case .networkBuffer: "a number of seconds from \(NetworkSettings.bufferRange.lowerBound) to \(NetworkSettings.bufferRange.upperBound)"
        case .userAgent: "the name rondod gives itself to web servers, printable ASCII of at most 200 characters"
        case .podcasts:
            "a table: write [podcasts] with refresh_every, download_ahead, cache_limit_mb, played_at_remaining_s, skip_back_s and skip_forward_s under it"
        case .refreshEvery: "a time from a minute to a week such as \"1h\", \"30m\" or \"1d\", or a number of seconds"
        case .downloadAhead: "a whole number of episodes from 0 to \(PodcastSettings.downloadAheadRange.upperBound)"
        case .cacheLimit: "a whole number of MiB from 0 to \(PodcastSettings.cacheLimitRange.upperBound)"
        case .playedAtRemaining: "a number of seconds from 0 to 3600"
        case .skipBack, .skipForward:
            "a number of seconds from \(Int(SkipIntervals.range.lowerBound)) to \(Int(SkipIntervals.range.upperBound))"
        case .snapcast: "a table: write [snapcast] with source and buffer_ms under it"
        case .snapcastSource: "a snapserver TCP source's HOST:PORT such as \"127.0.0.1:4953\""
        case .snapcastBuffer: "a whole number of milliseconds from 0 to \(SnapcastSource.bufferRange.upperBound), snapserver.conf's buffer"
        case .mpd: "a table: write [mpd] with enabled, listen and password under it"
        case .mpdEnabled: "true or false"
        case .mpdListen: "an address and port such as \"127.0.0.1:6600\" or \"[::1]:6600\", or \"\" for the Unix socket only"
        case .mpdPassword: "the password MPD clients give, printable text without line breaks of at most 200 characters, or \"\" for none"
        case .focus: "a table: write [focus] with adopt under it"
        case .adopt:
            "\"roles\" (adopt the streams of other programs that a policy rule names), \"all\" (every other program's stream) or \"off\""
        }
    }

    /// Whether the value is written as a quoted string.
    var takesString: Bool {
        switch self {
        case .musicDirectory, .database, .policy, .logLevel, .output, .pulseServer, .pulseSink, .viewListen, .replayGain,
            .userAgent, .refreshEvery, .mpdListen, .mpdPassword, .snapcastSource, .resumeOnOutput, .adopt:
            true
        case .releaseAfter, .promptHold, .resumeWithin, .restorePlaying, .maxClients, .pulse, .mpris, .mprisEnabled, .view,
            .playback, .preampDecibels, .preventClipping, .network, .networkTimeout, .networkBuffer, .podcasts, .downloadAhead,
            .cacheLimit, .playedAtRemaining, .skipBack, .skipForward, .mpd, .mpdEnabled, .snapcast, .snapcastBuffer, .resumeOnOutputWithin, .fade,
            .focus:
            false
        }
    }

    /// Checks `entry`'s value and stores it in `config`.
    /// - Parameters:
    ///   - entry: the key's entry; its key is this one.
    ///   - config: the configuration being read.
    ///   - home: the home directory that `~` stands for.
    /// - Throws: ``ConfigError`` at the entry's line when the value is not what the key takes.
    func apply(_ entry: ConfigEntry, to config: inout ConfigFile, home: String) throws(ConfigError) {
        let invalid = ConfigError(
            path: config.path, line: entry.line, message: "\(rawValue) must be \(expectation), not \(entry.value)")
        switch (self, entry.value) {
        case (.musicDirectory, .string(let text)):
            guard let path = Self.path(text, home: home) else { throw invalid }
            config.musicDirectory = path
        case (.database, .string(let text)):
            guard let path = Self.path(text, home: home) else { throw invalid }
            config.databasePath = path
        case (.policy, .string(let name)):
            guard !name.isEmpty, name.allSatisfy(\.isPolicyNameCharacter) else { throw invalid }
            config.policy = name
        case (.releaseAfter, let value):
            guard let seconds = Self.seconds(value) else { throw invalid }
            config.releaseAfter = seconds
        case (.promptHold, let value):
            guard let seconds = Self.seconds(value) else { throw invalid }
            config.promptHoldSeconds = seconds
        case (.resumeWithin, let value):
            guard let seconds = Self.seconds(value) else { throw invalid }
            config.resumeWithin = seconds
        case (.restorePlaying, .boolean(let flag)):
            config.restorePlaying = flag
        case (.maxClients, .integer(let count)):
            guard (1...DaemonOptions.maxClientsCeiling).contains(count) else { throw invalid }
            config.maxClients = Int(count)
        case (.logLevel, .string(let name)):
            guard let level = Logger.Level(rawValue: name) else { throw invalid }
            config.logLevel = level
        case (.output, .string(let name)):
            guard let kind = OutputKind(rawValue: name) else { throw invalid }
            config.output = kind
        case (.pulse, .table):
            break
        case (.pulseServer, .string(let server)):
            config.pulseServer = server.isEmpty ? nil : server
        case (.pulseSink, .string(let sink)):
            config.pulseSink = sink.isEmpty ? nil : sink
        case (.mpris, .table):
            break
        case (.mprisEnabled, .boolean(let flag)):
            config.mprisEnabled = flag
        case (.view, .table):
            break
        case (.viewListen, .string(let text)):
            guard let listen = ViewListen(text) else { throw invalid }
            config.viewListen = listen
        case (.playback, .table):
            break
        case (.replayGain, .string(let name)):
            guard let mode = ReplayGainMode(rawValue: name) else { throw invalid }
            config.replayGain = mode
        case (.preampDecibels, .integer(let number)):
            guard abs(Double(number)) <= ReplayGainSettings.preampLimit else { throw invalid }
            config.preampDecibels = Double(number)
        case (.preampDecibels, .float(let number)):
            guard number.isFinite, abs(number) <= ReplayGainSettings.preampLimit else { throw invalid }
            config.preampDecibels = number
        case (.preventClipping, .boolean(let flag)):
            config.preventClipping = flag
        case (.resumeOnOutput, .string(let pattern)):
            guard pattern.count <= 200, !pattern.contains(where: { $0.isNewline || $0 == "\0" }) else { throw invalid }
            config.resumeOnOutput = .some(pattern.isEmpty ? nil : pattern)
        case (.resumeOnOutputWithin, let value):
            guard let seconds = Self.seconds(value) else { throw invalid }
            config.resumeOnOutputWithin = seconds
        case (.fade, .integer(let milliseconds)):
            guard (0...2000).contains(milliseconds) else { throw invalid }
            config.fadeMilliseconds = Int(milliseconds)
        case (.network, .table):
            break
        case (.networkTimeout, let value):
            guard let seconds = Self.seconds(value), NetworkSettings.timeoutRange.contains(seconds) else { throw invalid }
            config.networkTimeout = seconds
        case (.networkBuffer, let value):
            guard let seconds = Self.seconds(value), NetworkSettings.bufferRange.contains(seconds) else { throw invalid }
            config.networkBuffer = seconds
        case (.userAgent, .string(let name)):
            guard NetworkSettings.isUserAgent(name) else { throw invalid }
            config.userAgent = name
        case (.podcasts, .table):
            break
        case (.refreshEvery, let value):
            let seconds: Double? =
                if case .string(let text) = value { PodcastSettings.interval(text) } else { Self.seconds(value) }
            guard let seconds, PodcastSettings.refreshRange.contains(seconds) else { throw invalid }
            config.refreshEvery = seconds
        case (.downloadAhead, .integer(let count)):
            guard PodcastSettings.downloadAheadRange.contains(Int(count)) else { throw invalid }
            config.downloadAhead = Int(count)
        case (.cacheLimit, .integer(let megabytes)):
            guard PodcastSettings.cacheLimitRange.contains(Int(megabytes)) else { throw invalid }
            config.cacheLimitMB = Int(megabytes)
        case (.playedAtRemaining, let value):
            guard let seconds = Self.seconds(value), seconds <= 3600 else { throw invalid }
            config.playedAtRemaining = seconds
        case (.skipBack, let value):
            guard let seconds = Self.seconds(value), SkipIntervals.range.contains(seconds) else { throw invalid }
            config.skipBack = seconds
        case (.skipForward, let value):
            guard let seconds = Self.seconds(value), SkipIntervals.range.contains(seconds) else { throw invalid }
            config.skipForward = seconds
        case (.snapcast, .table):
            break
        case (.snapcastSource, .string(let text)):
            guard let source = SnapcastSource(text) else { throw invalid }
            config.snapcastSource = source
        case (.snapcastBuffer, .integer(let milliseconds)):
            guard SnapcastSource.bufferRange.contains(Int(milliseconds)) else { throw invalid }
            config.snapcastBufferMilliseconds = Int(milliseconds)
        case (.mpd, .table):
            break
        case (.mpdEnabled, .boolean(let flag)):
            config.mpdEnabled = flag
        case (.mpdListen, .string(let text)):
            if text.isEmpty {
                config.mpdListen = .some(nil)
            } else {
                guard let listen = MPDSettings.Listen(text) else { throw invalid }
                config.mpdListen = listen
                config.mpdListenLine = entry.line
            }
        case (.mpdPassword, .string(let text)):
            guard text.count <= 200, !text.contains(where: { $0.isNewline || $0 == "\0" }) else { throw invalid }
            config.mpdPassword = .some(text.isEmpty ? nil : text)
        case (.focus, .table):
            break
        case (.adopt, .string(let text)):
            guard let scope = AdoptionScope(rawValue: text) else { throw invalid }
            config.adoptionScope = scope
        default:
            throw invalid
        }
    }

    /// `text` as an absolute path with `~` expanded; `.some(nil)` for `""` (the default),
    /// `nil` when it is relative.
    private static func path(_ text: String, home: String) -> String?? {
        if text.isEmpty { return .some(nil) }
        if text.hasPrefix("/") { return text }
        if text == "~" { return home }
        if text.hasPrefix("~/") { return home + text.dropFirst() }
        return nil
    }

    /// A finite, non-negative number of seconds, integer or not.
    private static func seconds(_ value: ConfigValue) -> Double? {
        let seconds: Double
        switch value {
        case .integer(let number): seconds = Double(number)
        case .float(let number): seconds = number
        default: return nil
        }
        return seconds.isFinite && seconds >= 0 ? seconds : nil
    }
}

extension Character {
    /// Whether the character may appear in a policy name (the stem of a policy file).
    fileprivate var isPolicyNameCharacter: Bool {
        isASCII && (isLetter || isNumber || self == "_" || self == "-")
    }
}
