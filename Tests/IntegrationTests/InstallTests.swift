import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// `make install` lays Rondo out so the installed rondod finds its packaged files, with the
/// units pointed at the installed binary.
struct InstallTests {
    /// Installed under a prefix (the built binaries, as `make install-files` takes them),
    /// rondod reads the packaged rondo.toml and policies from `PREFIX/share/rondo`, finds the
    /// demo tracks there, and the service unit starts `PREFIX/bin/rondod`.
    @Test func installedDaemonFindsItsPackagedFiles() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-install")
        defer { directory.remove() }
        let prefix = (directory.appending("prefix") as NSString).standardizingPath
        let units = directory.appending("units")
        let make = Subprocess.capture([
            "/usr/bin/make", "-C", BuiltProducts.packageRoot, "--no-print-directory", "install-files",
            "BIN=\(BuiltProducts.directory)", "PREFIX=\(prefix)", "UNITDIR=\(units)",
        ])
        try #require(make.status == 0, "\(make.stdout)\(make.stderr)")
        for file in [
            "bin/rondod", "bin/rondo", "bin/rondo-snapcast-control", "share/rondo/rondo.toml", "share/rondo/policies/automotive.toml",
            "share/man/man1/rondo.1", "share/bash-completion/completions/rondo", "share/zsh/site-functions/_rondo",
            "share/fish/vendor_completions.d/rondo.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is not installed")
        }
        let unit = try String(contentsOfFile: units + "/rondod.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=\(prefix)/bin/rondod\n"), "\(unit)")
        #expect(FileManager.default.fileExists(atPath: units + "/rondod.socket"))

        let daemon = try ChildProcess(
            [
                prefix + "/bin/rondod", "--socket", directory.appending("rondo.sock"), "--database",
                directory.appending("library.sqlite"), "--policy", "automotive", "--demo",
            ],
            environment: [
                "XDG_CONFIG_HOME": directory.appending("config"), "XDG_CACHE_HOME": directory.appending("cache"),
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"), "RONDO_SOCKET": nil,
            ],
            standardError: .file(directory.appending("rondod.log")))
        var info: DaemonInfo?
        for _ in 0..<200 where info == nil && daemon.isRunning {
            info = try? RondoClient(socketPath: directory.appending("rondo.sock")).call(Methods.DaemonInfoMethod.self)
            if info == nil { Thread.sleep(forTimeInterval: 0.025) }
        }
        let log = (try? String(contentsOfFile: directory.appending("rondod.log"), encoding: .utf8)) ?? ""
        #expect(info?.policy == "automotive", "\(log)")
        #expect(info?.musicDirectory == prefix + "/share/rondo/demo", "\(log)")
        #expect(log.contains("configuration: \(prefix)/share/rondo/rondo.toml"), "\(log)")
        #expect(daemon.terminate() == 0)
    }
}
