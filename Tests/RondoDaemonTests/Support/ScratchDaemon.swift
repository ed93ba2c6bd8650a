import Foundation
import Logging
import RondoTesting

@testable import RondoDaemon

/// A daemon made in a scratch directory (its socket, database and cache there, the null
/// output, no MPRIS, no view), neither bound nor playing: what its construction wires up
/// can be inspected without running it.
struct ScratchDaemon {
    let directory: TemporaryDirectory
    let daemon: Daemon

    /// - Parameter logger: where the daemon logs; nowhere visible by default.
    init(logger: Logger = Logger(label: "rondod-test") { _ in SwiftLogNoOpLogHandler() }) throws {
        directory = try TemporaryDirectory(prefix: "rondo-daemon")
        let environment = ["XDG_RUNTIME_DIR": directory.path, "HOME": directory.path]
        var overrides = DaemonOverrides()
        overrides.socketPath = directory.appending("rondo.sock")
        overrides.databasePath = directory.appending("library.sqlite")
        overrides.musicDirectory = directory.path
        overrides.output = .null
        overrides.viewListen = .off
        let source = ConfigurationSource(configFile: nil, overrides: overrides, environment: environment)
        var options = try source.options()
        options.cacheDirectory = directory.appending("cache")
        options.mprisEnabled = false
        daemon = try Daemon(
            options: options, policy: try source.policy(for: options), source: source,
            logThreshold: LogThreshold(.trace), logger: logger)
    }
}
