import Foundation

/// The XDG base directories of the user running the daemon.
struct XDGDirectories {
    let data: String
    let config: String
    let cache: String
    let music: String

    init(environment: [String: String]) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func directory(_ key: String, _ fallback: String) -> String {
            guard let value = environment[key], value.hasPrefix("/") else { return fallback }
            return value
        }
        data = directory("XDG_DATA_HOME", home + "/.local/share")
        config = directory("XDG_CONFIG_HOME", home + "/.config")
        cache = directory("XDG_CACHE_HOME", home + "/.cache")
        music = directory("XDG_MUSIC_DIR", home + "/Music")
    }
}
