import Foundation

/// Which `rondo.toml` rondod reads (SPEC §1): the file named by `--config`, else the user's
/// `$XDG_CONFIG_HOME/rondo/rondo.toml` when it exists, else the packaged default.
public enum ConfigLocation {
    /// The user's configuration file, whether or not it exists.
    /// - Parameter environment: the process environment (`XDG_CONFIG_HOME`, `HOME`).
    public static func userFile(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).config + "/rondo/rondo.toml"
    }

    /// The packaged default: `share/rondo/rondo.toml` of an installation, or
    /// `Config/rondo.toml` of the checkout the binary was built in; `nil` when neither is found.
    /// - Parameter executable: the running binary.
    public static func packagedDefault(executable: String = PackagedFiles.runningExecutable) -> String? {
        PackagedFiles.locate(installed: "rondo.toml", checkout: "Config/rondo.toml", executable: executable) {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }?.path
    }

    /// The file to read, or `nil` when there is none and the built-in defaults apply.
    /// - Parameters:
    ///   - explicit: the file named by `--config`; it is returned whether or not it exists,
    ///     so that a missing one is an error.
    ///   - environment: the process environment.
    ///   - executable: the running binary.
    public static func resolve(
        explicit: String?, environment: [String: String], executable: String = PackagedFiles.runningExecutable
    ) -> String? {
        if let explicit { return explicit }
        let user = userFile(environment: environment)
        if FileManager.default.fileExists(atPath: user) { return user }
        return packagedDefault(executable: executable)
    }
}
