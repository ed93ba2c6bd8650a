import ArgumentParser
import Focus
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
            configuration file stops rondod with exit status \(ConfigError.exitStatus).
            """,
        version: Daemon.version)

    @Option(help: "Unix socket to serve on (default: \(defaults.socketPath); env RONDO_SOCKET).")
    var socket: String?

    @Option(
        help: ArgumentHelp(
            "Configuration file (default: \(ConfigLocation.userFile(environment: environment)) if it exists, else the packaged rondo.toml).",
            valueName: "file"))
    var config: String?

    @Option(name: .customLong("music-dir"), help: "Music directory (default: music_directory in the configuration file, else \(defaults.musicDirectory)).")
    var musicDirectory: String?

    @Option(help: "SQLite database file (default: database in the configuration file, else \(defaults.databasePath)).")
    var database: String?

    @Option(help: "Focus policy (default: policy in the configuration file, else \(defaults.policy)).")
    var policy: String?

    @Option(name: .customLong("log-level"), help: "Log threshold: trace, debug, info, notice, warning, error, critical (default: log_level in the configuration file, else \(defaults.logLevel)).")
    var logLevel: String?

    @Flag(help: "Use the packaged demo tracks as the music directory and queue them.")
    var demo = false

    func run() async throws {
        var options: DaemonOptions
        do {
            options = try DaemonOptions.configured(configFile: config.map(absolute), environment: Self.environment)
        } catch {
            FileHandle.standardError.write(Data("<3>\(error)\n".utf8))
            throw ExitCode(ConfigError.exitStatus)
        }
        if let socket { options.socketPath = absolute(socket) }
        if let musicDirectory { options.musicDirectory = absolute(musicDirectory) }
        if let database { options.databasePath = absolute(database) }
        if let policy { options.policy = policy }
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel) else {
                throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
            }
            options.logLevel = level
        }
        let level = options.logLevel
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        let logger = Logger(label: "rondod")
        logger.info("configuration: \(options.configPath ?? "built-in defaults")")
        if demo {
            guard let directory = DemoLibrary.locate() else {
                throw ValidationError("the demo tracks were not found next to \(CommandLine.arguments[0]); reinstall Rondo")
            }
            options.musicDirectory = directory
            options.initialQueue = DemoLibrary.tracks(in: directory)
        }
        let policy: FocusPolicy
        do {
            policy = try PolicyFiles.load(options.policy, environment: Self.environment)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(ConfigError.exitStatus)
        }
        let daemon = Daemon(options: options, policy: policy, logger: logger)
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: daemon)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
