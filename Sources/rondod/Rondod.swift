import ArgumentParser
import Foundation
import Logging
import RondoDaemon
import ServiceLifecycle
import UnixSignals

/// `rondod`: the Rondo audio playback daemon, in the foreground.
@main
struct Rondod: AsyncParsableCommand {
    private static let environment = ProcessInfo.processInfo.environment
    private static let defaults = DaemonOptions.defaults(environment: environment)

    static let configuration = CommandConfiguration(
        commandName: "rondod",
        abstract: "Rondo audio playback daemon: queue, now playing, remote commands over a Unix socket.",
        discussion: """
            Settings come from the configuration file, and each flag overrides the file. An invalid \
            configuration file stops rondod with exit status \(ConfigError.exitStatus). SIGHUP reads the file \
            again and applies log_level, policy, prompt_hold_s and release_after; an invalid file is then \
            logged and ignored. Started by systemd's socket activation, rondod serves on the socket it is passed.
            """,
        version: Daemon.version)

    @Option(help: "Unix socket to serve on (default: \(defaults.socketPath); env RONDO_SOCKET).")
    var socket: String?

    @Option(
        help: ArgumentHelp(
            "Configuration file (default: \(ConfigLocation.userFile(environment: environment)) if it exists, else the packaged rondo.toml).",
            valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("music-dir"), help: "Music directory (default: music_directory in the configuration file, else \(defaults.musicDirectory))."
    )
    var musicDirectory: String?

    @Option(help: "SQLite database file (default: database in the configuration file, else \(defaults.databasePath)).")
    var database: String?

    @Option(help: "Focus policy (default: policy in the configuration file, else \(defaults.policy)).")
    var policy: String?

    @Option(
        name: .customLong("log-level"),
        help:
            "Log threshold: trace, debug, info, notice, warning, error, critical (default: log_level in the configuration file, else \(defaults.logLevel))."
    )
    var logLevel: String?

    @Option(
        help: ArgumentHelp(
            "Where the head-unit view listens, HOST:PORT on a loopback address, or off (default: listen in [view] of the configuration file, else 127.0.0.1:8737).",
            valueName: "address"))
    var view: String?

    @Option(
        help: ArgumentHelp(
            "Where the sound goes: pulse (PulseAudio or PipeWire-Pulse), snapcast (to the Snapcast server of [snapcast] source) or null (played in real time to no sound card) (default: output in the configuration file, else \(defaults.output.rawValue)).",
            valueName: "output"))
    var output: String?

    @Flag(help: "Use the packaged demo tracks as the music directory and queue them.")
    var demo = false

    func run() async throws {
        var overrides = DaemonOverrides()
        overrides.socketPath = socket.map(absolute)
        overrides.musicDirectory = musicDirectory.map(absolute)
        overrides.databasePath = database.map(absolute)
        overrides.policy = policy
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel) else {
                throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
            }
            overrides.logLevel = level
        }
        if let view {
            guard let listen = ViewListen(view) else {
                throw ValidationError("--view takes a loopback HOST:PORT such as 127.0.0.1:8737, or off")
            }
            overrides.viewListen = listen
        }
        if let output {
            guard let kind = OutputKind(rawValue: output) else {
                throw ValidationError("--output takes pulse, snapcast or null, not \(output)")
            }
            overrides.output = kind
        }
        var demoTracks: [String] = []
        if demo {
            guard let directory = DemoLibrary.locate() else {
                throw ValidationError("the demo tracks were not found next to \(PackagedFiles.runningExecutable); reinstall Rondo")
            }
            overrides.musicDirectory = directory
            demoTracks = DemoLibrary.tracks(in: directory)
        }
        let source = ConfigurationSource(configFile: config.map(absolute), overrides: overrides, environment: Self.environment)
        var options: DaemonOptions
        do {
            options = try source.options()
        } catch {
            FileHandle.standardError.write(Data("<3>\(error)\n".utf8))
            throw ExitCode(ConfigError.exitStatus)
        }
        options.initialQueue = demoTracks
        let threshold = LogThreshold(options.logLevel)
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, threshold: threshold) }
        let logger = Logger(label: "rondod")
        logger.info("configuration: \(options.configPath ?? "built-in defaults")")
        let daemon: Daemon
        do {
            daemon = try Daemon(
                options: options, policy: try source.policy(for: options), source: source, logThreshold: threshold,
                logger: logger)
        } catch let error as ConfigError {
            logger.critical("\(error)")
            throw ExitCode(ConfigError.exitStatus)
        } catch let error as UnsafeSocketDirectoryError {
            logger.critical("\(error)")
            throw ExitCode(UnsafeSocketDirectoryError.exitStatus)
        } catch let error as InstanceLockError {
            logger.critical("\(error)")
            throw ExitCode(InstanceLockError.exitStatus)
        } catch {
            logger.critical("\(error)")
            throw ExitCode.failure
        }
        let group = await daemon.serviceGroup(gracefulShutdownSignals: [.sigterm, .sigint])
        do {
            try await group.run()
            logger.info("rondod stopped")
        } catch let error as InstanceLockError {
            logger.critical("\(error)")
            throw ExitCode(InstanceLockError.exitStatus)
        }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
