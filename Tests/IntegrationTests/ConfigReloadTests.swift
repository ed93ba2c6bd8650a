import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// SIGHUP makes rondod read its configuration again (`systemctl --user reload rondod`):
/// the live keys apply at once, an invalid file changes nothing.
@Suite
struct ConfigReloadTests {
    /// Writes the user's rondo.toml of `daemon`.
    private func writeConfig(_ text: String, for daemon: DaemonProcess) throws {
        let directory = daemon.directory.appending("config/rondo")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/rondo.toml"))
    }

    /// After SIGHUP a new `policy` is in force (as `daemon.info` shows), and a key that only
    /// a restart applies is named in the log.
    @Test func reloadAppliesTheNewPolicy() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        #expect(try client.call(Methods.DaemonInfoMethod.self).policy == "default")
        try writeConfig("policy = \"automotive\"\nrestore_playing = true\n", for: daemon)
        daemon.signal(SIGHUP)
        #expect(try eventually(within: 5) { try client.call(Methods.DaemonInfoMethod.self).policy == "automotive" }, "\(daemon.log)")
        #expect(eventually(within: 5) { daemon.log.contains("restore_playing changed; restart rondod to apply") }, "\(daemon.log)")
        #expect(daemon.isRunning)
    }

    /// After SIGHUP with an invalid file, rondod keeps running under the configuration it
    /// had and logs the file, the line and what is wrong.
    @Test func invalidConfigurationIsNotApplied() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        try writeConfig("policy = \"automotive\"\nrelease_after = -1\n", for: daemon)
        daemon.signal(SIGHUP)
        let config = daemon.directory.appending("config/rondo/rondo.toml")
        #expect(
            eventually(within: 5) { daemon.log.contains("reload failed, keeping the configuration in force: \(config):2: release_after") },
            "\(daemon.log)")
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).policy == "default")
        #expect(daemon.isRunning)
    }
}
