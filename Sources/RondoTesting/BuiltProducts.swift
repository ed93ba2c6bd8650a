import Foundation

/// Paths of the package's built executables and source folders, for tests that run them.
public enum BuiltProducts {
    /// The build directory holding the test binary and the executables.
    public static let directory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("rondod").path) {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    /// The built `rondod`.
    public static var rondod: String { directory + "/rondod" }

    /// The built `rondo`.
    public static var rondo: String { directory + "/rondo" }

    /// The Snapcast stream plug-in, `rondo-snapcast-control`.
    public static var snapcastControl: String { directory + "/rondo-snapcast-control" }

    /// The package's root directory (where `Package.swift` is).
    public static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()
}
