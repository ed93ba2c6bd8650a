/// One key of a configuration file with its value and the line it is on.
struct ConfigEntry: Equatable {
    /// The key's path from the root: `["log_level"]`, `["pulse", "server"]`.
    var key: [String]
    /// Its value.
    var value: ConfigValue
    /// The 1-based line it is written on.
    var line: Int

    /// The key as written in dotted form (`pulse.server`).
    var name: String { key.joined(separator: ".") }
}
