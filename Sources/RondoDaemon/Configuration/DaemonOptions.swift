import Foundation
import RondoProtocol
public import Logging

/// Everything the daemon needs to know to start, resolved from flags, the environment
/// and the XDG base directories (SPEC §1).
public struct DaemonOptions: Sendable {
    /// Unix socket path.
    public var socketPath: String
    /// Music directory.
    public var musicDirectory: String
    /// SQLite database path.
    public var databasePath: String
    /// Focus policy name.
    public var policy: String
    /// Log threshold.
    public var logLevel: Logger.Level
    /// PulseAudio server string, `nil` for the default (`PULSE_SERVER`).
    public var pulseServer: String?
    /// Sink name, `nil` for the default (`PULSE_SINK`).
    public var pulseSink: String?
    /// Files to queue at start (the demo tracks with `--demo`).
    public var initialQueue: [String]

    /// The defaults for this user and environment.
    public static func defaults(environment: [String: String]) -> DaemonOptions {
        let directories = XDGDirectories(environment: environment)
        return DaemonOptions(
            socketPath: SocketLocation.defaultPath(environment: environment, uid: getuid()),
            musicDirectory: directories.music,
            databasePath: directories.data + "/rondo/library.sqlite",
            policy: "default",
            logLevel: .info,
            pulseServer: environment["PULSE_SERVER"],
            pulseSink: nil,
            initialQueue: [])
    }
}
