public import Focus
import Foundation
import TOMLReading

/// Finds and loads focus policies (SPEC §1): `NAME.toml` in the user's
/// `$XDG_CONFIG_HOME/rondo/policies`, else among the packaged `Config/policies`.
public enum PolicyFiles {
    /// The file of the policy `name`, or `nil` when no directory holds one.
    /// - Parameters:
    ///   - name: the policy's name, without `.toml`.
    ///   - environment: the process environment (`XDG_CONFIG_HOME`, `HOME`).
    ///   - executable: the running binary, to find the packaged policies.
    public static func locate(
        _ name: String, environment: [String: String], executable: String = PackagedFiles.runningExecutable
    ) -> String? {
        let user = XDGDirectories(environment: environment).config + "/rondo/policies/\(name).toml"
        if FileManager.default.fileExists(atPath: user) { return user }
        return PackagedFiles.locate(
            installed: "policies/\(name).toml", checkout: "Config/policies/\(name).toml", executable: executable
        ) { FileManager.default.fileExists(atPath: $0.path) }?.path
    }

    /// Loads and checks the policy `name`.
    /// - Throws: ``ConfigError`` naming the file and line of a mistake, or saying that no
    ///   policy of that name exists.
    public static func load(
        _ name: String, environment: [String: String], executable: String = PackagedFiles.runningExecutable
    ) throws(ConfigError) -> FocusPolicy {
        guard !name.contains("/"), let path = locate(name, environment: environment, executable: executable) else {
            throw ConfigError(
                path: "policy", line: nil,
                message: "no focus policy named '\(name)'; put \(name).toml in "
                    + XDGDirectories(environment: environment).config + "/rondo/policies or use policy \"default\"")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(path: path, line: nil, message: "cannot read the policy: \(error.localizedDescription)")
        }
        do {
            return try FocusPolicy(toml: text, file: path)
        } catch {
            throw ConfigError(path: path, line: error.line, message: error.message)
        }
    }
}
