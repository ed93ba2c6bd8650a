import Audio
import Foundation

/// Finds the demo tracks shipped with Rondo: installed under `share/rondo/demo` beside
/// the binary's `bin`, or in `Demo/` of a source checkout the binary was built in.
public enum DemoLibrary {
    /// The demo directory, or `nil` when none is found.
    public static func locate(executable: String = PackagedFiles.runningExecutable) -> String? {
        PackagedFiles.locate(installed: "demo", checkout: "Demo", executable: executable) {
            !tracks(in: $0.path).isEmpty
        }?.path
    }

    /// The demo's audio files (one in each format Rondo plays) in play order.
    public static func tracks(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { AudioTagReader.fileExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
            .map { directory + "/" + $0 }
    }
}
