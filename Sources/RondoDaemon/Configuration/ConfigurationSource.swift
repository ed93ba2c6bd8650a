public import Focus

/// Where the daemon's settings come from: the configuration file (named by `--config`,
/// else the one ``ConfigLocation`` finds), the environment, and the command line on top.
///
/// rondod reads it at start, and again on SIGHUP, so a reload sees the same flags and
/// picks up a configuration file created since.
public struct ConfigurationSource: Sendable {
    /// The file named by `--config`, absolute, if any.
    public var configFile: String?
    /// The command line's settings.
    public var overrides: DaemonOverrides
    /// The process environment at start.
    public var environment: [String: String]

    /// A source reading `configFile` (or the file found by ``ConfigLocation``) under `overrides`.
    public init(configFile: String?, overrides: DaemonOverrides, environment: [String: String]) {
        self.configFile = configFile
        self.overrides = overrides
        self.environment = environment
    }

    /// The options the file and the command line make now.
    /// - Throws: ``ConfigError`` when the file cannot be read or is invalid.
    public func options() throws(ConfigError) -> DaemonOptions {
        var options = try DaemonOptions.configured(configFile: configFile, environment: environment)
        overrides.apply(to: &options)
        return options
    }

    /// The focus policy `options` name, with their `prompt_hold_s` when they set one.
    /// - Throws: ``ConfigError`` when no such policy exists or its file is invalid.
    public func policy(for options: DaemonOptions) throws(ConfigError) -> FocusPolicy {
        var policy = try PolicyFiles.load(options.policy, environment: environment)
        if let promptHoldSeconds = options.promptHoldSeconds { policy.promptHoldSeconds = promptHoldSeconds }
        return policy
    }
}
