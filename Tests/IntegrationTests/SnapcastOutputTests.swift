import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Rondo plays in every room through a real Snapcast server (SPEC §14): rondod with
/// `output = "snapcast"` writes to snapserver's TCP source, and two snapclients (each writing
/// what it plays to a file) are the rooms. The music is heard in both at its level, a voice
/// prompt over it ducks it by the policy's 10.5 dB in both and it comes back, `pause`
/// silences both, and a snapserver that was killed and started again is fed again without a
/// command.
@Suite(.serialized)
struct SnapcastOutputTests {
    static let duckDecibels = 20 * log10(0.3)

    /// Waits up to `timeout` seconds for `condition`.
    private func eventually(_ timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }

    @Test func theMusicIsHeardInEveryRoom() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let study = try snapcast.addRoom("study")
        let configDirectory = try TemporaryDirectory(prefix: "rondo-snapcast-config")
        defer { configDirectory.remove() }
        let config = configDirectory.appending("rondo.toml")
        try Data("output = \"snapcast\"\n[snapcast]\nsource = \"\(snapcast.source)\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { daemon.stop() }
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)

        func level(_ room: SnapcastServer.Room) -> Double { SignalAnalysis.level(room.lastPlayed(seconds: 0.3), at: 440, sampleRate: 48_000) }
        for room in [kitchen, study] {
            #expect(eventually(5) { level(room) > fixtureToneLevel - 1.5 }, "the tone heard in \(room.file): \(level(room)) dB")
        }

        // A navigation prompt ducks the music in both rooms by the policy's 10.5 dB.
        let reference = level(kitchen)
        let prompt = Subprocess.capture(
            [BuiltProducts.rondo, "prompt", Fixtures.path("prompt1000.wav")], environment: ["RONDO_SOCKET": daemon.socketPath])
        #expect(prompt.status == 0, "\(prompt.stderr)")
        Thread.sleep(forTimeInterval: 1.5)
        for room in [kitchen, study] {
            let heard = room.lastPlayed(seconds: 4)
            let windows = stride(from: 0, to: heard.count - 4_800, by: 4_800).map { Array(heard[$0..<($0 + 4_800)]) }
            let prompted = windows.filter { SignalAnalysis.level($0, at: 1000, sampleRate: 48_000) > fixtureToneLevel - 3 }
            #expect(prompted.count >= 10, "the 1.5 s prompt was heard in \(room.file) for \(prompted.count) windows of 0.1 s")
            let ducked = prompted.dropFirst().dropLast().map { SignalAnalysis.level($0, at: 440, sampleRate: 48_000) - reference }
            #expect(ducked.allSatisfy { abs($0 - Self.duckDecibels) < 1.5 }, "\(room.file): \(ducked)")
        }
        for room in [kitchen, study] {
            #expect(eventually(3) { abs(level(room) - reference) < 1 }, "the music came back in \(room.file): \(level(room)) dB")
        }

        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause))
        for room in [kitchen, study] {
            #expect(eventually(3) { level(room) < silenceLevel }, "pause silences \(room.file): \(level(room)) dB")
        }

        snapcast.kill()
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
        Thread.sleep(forTimeInterval: 0.5)
        try snapcast.start()
        for room in [kitchen, study] {
            #expect(eventually(8) { level(room) > fixtureToneLevel - 1.5 }, "heard again after snapserver came back: \(level(room)) dB")
        }
    }

    /// Rondo's stream plug-in (`rondo-snapcast-control`) shows Rondo's now playing in
    /// Snapcast's own status, and a `Stream.Control` next from a Snapcast client moves
    /// Rondo on, through its command center.
    @Test func snapcastShowsAndDrivesRondo() throws {
        let configDirectory = try TemporaryDirectory(prefix: "rondo-snapcast-config")
        defer { configDirectory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        defer { daemon.stop() }
        let snapcast = try SnapcastServer(controlScript: BuiltProducts.snapcastControl, environment: ["RONDO_SOCKET": daemon.socketPath])
        defer { snapcast.stop() }
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3"), Fixtures.path("short-a.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)

        func stream() throws -> [String: Any] {
            let server = try snapcast.call("Server.GetStatus")["server"] as? [String: Any]
            return (server?["streams"] as? [[String: Any]])?.first { $0["id"] as? String == "Rondo" } ?? [:]
        }
        func properties() throws -> [String: Any] { try stream()["properties"] as? [String: Any] ?? [:] }
        let shown = try eventually(5) { (try properties()["metadata"] as? [String: Any])?["title"] as? String == "Long 440" }
        let status = try stream()
        #expect(shown, "\(status)")
        #expect(try properties()["playbackStatus"] as? String == "playing")
        #expect(try properties()["canGoNext"] as? Bool == true)

        _ = try snapcast.call("Stream.Control", ["id": "Rondo", "command": "next"])
        #expect(try eventually(3) { try client.call(Methods.NowPlayingGet.self).info.title == "Short A" })
        #expect(try eventually(5) { (try properties()["metadata"] as? [String: Any])?["title"] as? String == "Short A" })
        _ = try snapcast.call("Stream.Control", ["id": "Rondo", "command": "pause"])
        #expect(try eventually(3) { try client.call(Methods.NowPlayingGet.self).playbackState == .paused })
    }
}
