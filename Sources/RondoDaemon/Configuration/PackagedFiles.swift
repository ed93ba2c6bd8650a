import Foundation

/// Finds files shipped with Rondo: installed under `share/rondo` beside the binary's `bin`,
/// or in a source checkout the binary was built in (found by walking up from the binary).
/// An installation puts `rondod` in `PREFIX/bin` and these files in `PREFIX/share/rondo`
/// (`make install`: `~/.local/bin` and `~/.local/share/rondo`).
public enum PackagedFiles {
    /// The running binary: `/proc/self/exe`, which names it whatever `argv[0]` says (a
    /// bare `rondod` found on `PATH`, or a name systemd was told to pass), else `argv[0]`.
    public static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The first of `installed` (relative to `share/rondo`) and `checkout` (relative to a
    /// checkout's root) that `accept` takes, or `nil`.
    /// - Parameters:
    ///   - installed: the path under `share/rondo` of an installed copy.
    ///   - checkout: the path under the root of a source checkout.
    ///   - executable: the running binary (symlinks are resolved).
    ///   - accept: whether a candidate is the thing sought.
    static func locate(
        installed: String, checkout: String, executable: String, where accept: (URL) -> Bool
    ) -> URL? {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        var directory = binary.deletingLastPathComponent()
        let share = directory.deletingLastPathComponent().appendingPathComponent("share/rondo/" + installed)
        if accept(share) { return share }
        // A build sits in .build/<triple>/<configuration>, three directories below the checkout.
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent(checkout)
            if accept(candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
