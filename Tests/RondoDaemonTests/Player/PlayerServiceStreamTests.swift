import Audio
import Focus
import Foundation
import Logging
import Playback
import RondoProtocol
import RondoTesting
import Testing

@testable import RondoDaemon

/// The player's actor with streams it cannot reach and ones it can, on the real engine's
/// null output: a stream that does not answer is skipped and the request that played it
/// is told `unreachable`; a live stream, once open, shows as one.
@Suite struct PlayerServiceStreamTests {
    private static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    private static let unreachable = "http://127.0.0.1:9/gone.mp3"

    /// A player whose opener fails every `http` location as unreachable and opens files.
    private func makePlayer(in scratch: TemporaryDirectory) -> PlayerService {
        let hub = EventHub()
        let sessions = SessionService(
            policy: .default, loadPolicy: { name throws(ConfigError) in throw ConfigError(path: name, line: nil, message: "none") },
            audio: FakeAudioServer().audio, hub: hub, logger: Self.logger, now: { 100 })
        return PlayerService(
            engine: PlayerService.makeEngine(server: AudioServer(output: .null), sink: nil), pulseSink: nil, store: nil,
            library: nil, artworkDirectory: scratch.appending("artwork"), sessions: sessions, releaseAfter: 5, hub: hub,
            logger: Self.logger,
            openTrack: { source, position throws(AudioError) in
                if source.path.hasPrefix("http") { throw .unreachable(source.path, reason: "connection refused") }
                return try OpenedTrack.open(source, at: position)
            })
    }

    /// `queue.playIndex` of a stream that does not answer is answered `unreachable`, with
    /// the reason, and the player has moved on past it.
    @Test func aStreamThatDoesNotAnswerIsSkippedAndTold() async throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-streams")
        defer { scratch.remove() }
        let player = makePlayer(in: scratch)
        let running = Task { await player.run() }
        _ = try await player.replace([Self.unreachable, Fixtures.path("long440.mp3")])
        do {
            try await player.playIndexWaitingForStream(0)
            Issue.record("an unreachable stream was answered as played")
        } catch {
            #expect(error.code == .unreachable)
            #expect(error.message.contains("connection refused"))
        }
        await player.loader.settled()
        // The player has moved past the stream: to the next item, or, on a machine slow
        // enough for that item to have played out by now, to the end.
        #expect(await player.queue(offset: 0, limit: nil).index != 0)
        running.cancel()
        await player.shutDown()
    }

    /// A stream's URL is queued as it is, shown by its last name until it says more, and
    /// its `assetURL` is the URL itself.
    @Test func aStreamURLIsQueuedAsItIs() async throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-streams")
        defer { scratch.remove() }
        let player = makePlayer(in: scratch)
        let running = Task { await player.run() }
        _ = try await player.replace([Self.unreachable])
        let queue = await player.queue(offset: 0, limit: nil)
        #expect(queue.entries.first?.assetURL == Self.unreachable)
        await #expect(throws: PlayerCommandError.self) {
            _ = try await player.replace(["http:///no-host.mp3"])
        }
        running.cancel()
        await player.shutDown()
    }
}
