public import Logging

/// The settings given on rondod's command line, which override the configuration file's
/// (SPEC §1); `nil` leaves the file's value, or the default, in force.
public struct DaemonOverrides: Sendable, Equatable {
    /// `--socket`, absolute.
    public var socketPath: String?
    /// `--music-dir` (or the demo directory with `--demo`), absolute.
    public var musicDirectory: String?
    /// `--database`, absolute.
    public var databasePath: String?
    /// `--policy`.
    public var policy: String?
    /// `--log-level`.
    public var logLevel: Logger.Level?
    /// `--view`.
    public var viewListen: ViewListen?
    /// `--output`.
    public var output: OutputKind?

    /// Overrides nothing.
    public init() {}

    /// Sets in `options` every setting given here.
    public func apply(to options: inout DaemonOptions) {
        if let socketPath { options.socketPath = socketPath }
        if let musicDirectory { options.musicDirectory = musicDirectory }
        if let databasePath { options.databasePath = databasePath }
        if let policy { options.policy = policy }
        if let logLevel { options.logLevel = logLevel }
        if let viewListen { options.viewListen = viewListen }
        if let output { options.output = output }
    }
}
