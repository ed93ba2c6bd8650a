import Foundation

/// Finds the demo tracks shipped with Rondo: installed under `share/rondo/demo` beside
/// the binary's `bin`, or in `Demo/` of a source checkout the binary was built in.
public enum DemoLibrary {
    /// The demo directory, or `nil` when none is found.
    public static func locate(executable: String = CommandLine.arguments[0]) -> String? {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        var directory = binary.deletingLastPathComponent()
        let installed = directory.deletingLastPathComponent().appendingPathComponent("share/rondo/demo")
        if hasTracks(installed) { return installed.path }
        for _ in 0..<6 {
            let checkout = directory.appendingPathComponent("Demo")
            if hasTracks(checkout) { return checkout.path }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// The demo's MP3 files in play order.
    public static func tracks(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".mp3") }.sorted().map { directory + "/" + $0 }
    }

    private static func hasTracks(_ url: URL) -> Bool {
        !tracks(in: url.path).isEmpty
    }
}
