import ArgumentParser
import Foundation
import Logging
import RondoDaemon
import ServiceLifecycle
import UnixSignals

/// `rondod`: the Rondo audio playback daemon, in the foreground.
@main
struct Rondod: AsyncParsableCommand {
    private static let defaults = DaemonOptions.defaults(environment: ProcessInfo.processInfo.environment)

    static let configuration = CommandConfiguration(
        commandName: "rondod",
        abstract: "Rondo audio playback daemon: queue, now playing, remote commands over a Unix socket.",
        version: Daemon.version)

    @Option(help: "Unix socket to serve on (default: \(defaults.socketPath); env RONDO_SOCKET).")
    var socket: String?

    @Option(name: .customLong("music-dir"), help: "Music directory (default: \(defaults.musicDirectory)).")
    var musicDirectory: String?

    @Option(help: "SQLite database file (default: \(defaults.databasePath)).")
    var database: String?

    @Option(name: .customLong("log-level"), help: "Log threshold: trace, debug, info, notice, warning, error, critical (default: \(defaults.logLevel)).")
    var logLevel: String?

    @Flag(help: "Use the packaged demo tracks as the music directory and queue them.")
    var demo = false

    func run() async throws {
        var options = Self.defaults
        if let socket { options.socketPath = absolute(socket) }
        if let musicDirectory { options.musicDirectory = absolute(musicDirectory) }
        if let database { options.databasePath = absolute(database) }
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel) else {
                throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
            }
            options.logLevel = level
        }
        let level = options.logLevel
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, level: level) }
        let logger = Logger(label: "rondod")
        if demo {
            guard let directory = DemoLibrary.locate() else {
                throw ValidationError("the demo tracks were not found next to \(CommandLine.arguments[0]); reinstall Rondo")
            }
            options.musicDirectory = directory
            options.initialQueue = DemoLibrary.tracks(in: directory)
        }
        let daemon = Daemon(options: options, logger: logger)
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
