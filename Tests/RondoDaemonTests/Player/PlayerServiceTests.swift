import Audio
import ContentIdentifiers
import Focus
import Foundation
import GRDB
import Logging
import Playback
import RondoProtocol
import RondoTesting
import Synchronization
import Testing

@testable import Library
@testable import RondoDaemon

/// The player service between requests, the pure player, the arbiter and the sound (a fake
/// engine here): which commands reach the engine, in order, what the player then reports,
/// and what it keeps on disk.
@Suite struct PlayerServiceTests {
    private let engine = FakeEngine()
    private let server = FakeAudioServer()
    private let sessions: SessionService
    private let player: PlayerService
    private let scratch: TemporaryDirectory
    private let database: LibraryDatabase
    private let running: Task<Void, Never>
    private static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    private let tracks = ["short-a.mp3", "short-b.mp3", "tone440.mp3"].map(Fixtures.path)

    init() throws {
        scratch = try TemporaryDirectory(prefix: "rondo-player")
        database = try LibraryDatabase(path: scratch.appending("state.sqlite"))
        let hub = EventHub()
        sessions = SessionService(
            policy: .default, loadPolicy: { name throws(ConfigError) in throw ConfigError(path: name, line: nil, message: "none") },
            audio: server.audio, hub: hub, logger: Self.logger, now: { 100 })
        player = PlayerService(
            engine: (engine, engine.notices), pulseSink: nil, store: PlaybackStateStore(database: database),
            library: LibraryStore(database: database),
            artworkDirectory: scratch.appending("artwork"), sessions: sessions, releaseAfter: 5, hub: hub,
            logger: Self.logger, now: { 1_000 })
        running = Task { [player] in await player.run() }
    }

    /// Sends a command and waits until what it asked of the loader has come back.
    private func send(_ command: RemoteCommand) async throws -> CommandResult {
        let result = try await player.send(command)
        await settle()
        return result
    }

    /// Waits until every load and pre-roll asked for is done and told, and the changes so
    /// far are on disk.
    private func settle() async {
        await player.loader.settled()
        await player.written()
    }

    private func finish() async {
        running.cancel()
        await player.shutDown()
        try? database.close()
        scratch.remove()
    }

    /// A page of the queue asks the loader for nothing: entries past those an edit describes
    /// ahead stay unasked, so a front end fills them from the library first, and `describe`
    /// asks for the rest.
    @Test func aPageOfTheQueueAsksTheLoaderForNothing() async throws {
        let directory = scratch.appending("many")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = (0..<(PlayerService.describedAhead + 200)).map { "\(directory)/\($0).mp3" }
        for path in paths { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: tracks[0]) }
        _ = try await player.replace(paths)
        let page = await player.queue(offset: 0, limit: nil)
        #expect(page.entries.count == paths.count)
        let descriptions = await player.descriptions
        #expect(descriptions.isKnownOrAsked(paths[0]))
        #expect(paths[PlayerService.describedAhead...].allSatisfy { !descriptions.isKnownOrAsked($0) })
        #expect(page.entries[PlayerService.describedAhead...].allSatisfy { !$0.isDescribed })
        await player.describe([paths.last!])
        #expect(await player.descriptions.isKnownOrAsked(paths.last!))
        await finish()
    }

    /// `play` on a queue loads its first entry playing, pre-rolls the second, and activates
    /// the player's audio session; `nextTrack` loads the next one.
    @Test func playLoadsAndPrerollsThenNextMovesOn() async throws {
        _ = try await player.replace(tracks)
        engine.clearLog()
        #expect(try await send(.play).status == .success)
        #expect(engine.log == ["load short-a.mp3 at 0.0 playing", "prepareNext short-b.mp3"])
        #expect(await player.nowPlaying().state == .playing)
        #expect(sessions.playerIsActive)

        engine.clearLog()
        #expect(try await send(.nextTrack).status == .success)
        #expect(engine.log == ["stop", "load short-b.mp3 at 0.0 playing", "prepareNext tone440.mp3"])
        await finish()
    }

    /// The engine's report that the pre-rolled entry is heard moves the queue on, and the
    /// one after it is pre-rolled.
    @Test func aGaplessJoinMovesTheQueueOn() async throws {
        _ = try await player.replace(tracks, play: true)
        await settle()
        engine.clearLog()
        engine.advanceToPrepared()
        for _ in 0..<200 where await player.queue(offset: 0, limit: nil).index != 1 {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await player.queue(offset: 0, limit: nil).index == 1)
        await player.loader.settled()
        #expect(engine.log == ["prepareNext tone440.mp3"])
        await finish()
    }

    /// An entry whose file cannot be opened is skipped for the next one, which the engine
    /// then plays; the unreadable file never reaches it.
    @Test func anUndecodableEntryIsSkipped() async throws {
        let unreadable = scratch.appending("not-audio.mp3")
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: unreadable))
        _ = try await player.replace([unreadable] + tracks.dropFirst())
        engine.clearLog()
        _ = try await send(.play)
        for _ in 0..<200 where !engine.log.contains("load short-b.mp3 at 0.0 playing") {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(engine.log.first == "load short-b.mp3 at 0.0 playing")
        #expect(await player.queue(offset: 0, limit: nil).index == 1)
        await finish()
    }

    /// With no audio server, `play` says the device is missing and nothing plays.
    @Test func noServerIsDeviceNotFound() async throws {
        engine.takeServerDown()
        _ = try await player.replace(tracks)
        let result = try await send(.play)
        #expect(result.status == .deviceNotFound)
        #expect(result.reason == .pulseUnavailable)
        #expect(await player.nowPlaying().state != .playing)
        await finish()
    }

    /// A call pauses the playing player (the engine is paused, the state interrupted) and
    /// its end resumes it.
    @Test func aCallPausesAndItsEndResumes() async throws {
        _ = try await player.replace(tracks, play: true)
        await settle()
        engine.clearLog()
        let call = try sessions.open(SessionOpenParams(name: "call", category: .playAndRecord), owner: 7)
        try sessions.activate(call, owner: 7)
        for _ in 0..<200 where await player.nowPlaying().state != .interrupted {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await player.nowPlaying().state == .interrupted)
        #expect(engine.log.contains("pause"))

        try sessions.deactivate(SessionDeactivateParams(session: call.session, notifyOthers: true), owner: 7)
        for _ in 0..<200 where await player.nowPlaying().state != .playing {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await player.nowPlaying().state == .playing)
        #expect(engine.log.last == "resume")
        await finish()
    }

    /// What a request changed is on disk once the writer says so: the queue, the index and
    /// the modes read back from the database file.
    @Test func theStateIsOnDiskOnceWritten() async throws {
        _ = try await player.replace(tracks, startIndex: 1, play: true)
        _ = try await player.send(.changeRepeatMode(.all))
        await player.written()
        let saved = try PlaybackStateStore(database: database).load()
        #expect(saved?.entries.map(\.path) == tracks)
        #expect(saved?.currentIndex == 1)
        #expect(saved?.repeat == "all")
        #expect(saved?.playing == true)
        await finish()
    }

    /// What the player shows of a library track comes from the library's row, without
    /// opening the file; a file outside the library shows its own tags.
    @Test func nowPlayingReadsTheLibraryRowFirst() async throws {
        let music = scratch.appending("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let song = music + "/song.mp3"
        try FileManager.default.copyItem(atPath: Fixtures.path("tone440.mp3"), toPath: song)
        let scanner = LibraryScanner(
            store: LibraryStore(database: database),
            tagReader: LibraryTagReader(artworkCache: ArtworkCache(directory: scratch.appending("artwork"))), musicDirectory: music)
        _ = try scanner.scan { _ in }
        // The file now says otherwise; the library still knows it as scanned.
        try FileManager.default.removeItem(atPath: song)
        try FileManager.default.copyItem(atPath: Fixtures.path("short-a.mp3"), toPath: song)

        _ = try await player.replace([song, tracks[1]], play: true)
        await settle()
        #expect(await player.nowPlaying().info?.metadata.title == "Tone 440")
        #expect(await player.nowPlaying().identifiers.first == TrackIdentifier.make(path: song))
        _ = try await send(.nextTrack)
        #expect(await player.nowPlaying().info?.metadata.title == "Short B")
        await finish()
    }

    /// While playing, the position the engine hears is saved with no request and no change
    /// of state, as a `kill -9` would find it; after a pause it is no longer.
    @Test func thePositionHeardIsSavedWhilePlaying() async throws {
        _ = try await player.replace(tracks)
        _ = try await send(.play)
        await player.written()
        let reader = PlaybackStateStore(database: database)
        engine.hear(0.75)
        for _ in 0..<500 where try reader.load()?.position != 0.75 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try reader.load()?.position == 0.75)
        #expect(try reader.load()?.playing == true)
        engine.hear(1)
        _ = try await send(.pause)
        await player.written()
        engine.hear(1.25)
        // A save still watched would come one interval after the pause's.
        try await Task.sleep(for: .seconds(PlayerService.positionSaveInterval(rate: 1) * 1.5))
        let paused = try reader.load()
        #expect(paused?.position == 1)
        #expect(paused?.playing == false)
        await finish()
    }

    /// A book left for the next item keeps the place heard in it at once, not at the
    /// writer's next save: a `kill -9` right after finds it.
    @Test func leavingABookKeepsItsPlaceAtOnce() async throws {
        let music = scratch.appending("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let book = music + "/Three Tones.m4b"
        try FileManager.default.copyItem(atPath: Fixtures.path("chapters.m4b"), toPath: book)
        let reader = LibraryTagReader(artworkCache: ArtworkCache(directory: scratch.appending("covers")))
        _ = try LibraryScanner(store: LibraryStore(database: database), tagReader: reader, musicDirectory: music)
            .scan(under: nil, full: true) { _ in }
        _ = try await player.replace([book, tracks[0]], play: true)
        await settle()
        engine.hear(3.5)
        _ = try await send(.nextTrack)
        #expect(await player.nowPlaying().info?.metadata.title == "Short A")
        let saved = try await database.pool.read { db in
            try Double.fetchOne(db, sql: "SELECT seconds FROM resume_point WHERE path = ?", arguments: [book])
        }
        #expect(saved == 3.5)
        await finish()
    }

    /// Between two saves of the position, less than a second of media plays at every rate
    /// the player takes, and no save waits longer than 0.8 s of wall time.
    @Test(arguments: RemoteCommandCenter.supportedPlaybackRates)
    func aCrashLosesLessThanASecondOfMedia(rate: Double) {
        let interval = PlayerService.positionSaveInterval(rate: rate)
        #expect(interval * rate < 1)
        #expect(interval <= 0.8)
    }

    /// The engine's stream stopping and the audio server's loss, in that order, pause the
    /// player and start its wait; the server's return plays on from where it was heard.
    @Test func aLostServerThatComesBackPlaysOn() async throws {
        let running = Task { await player.run() }
        defer { running.cancel() }
        _ = try await player.replace(tracks, play: true)
        engine.takeServerDown()
        engine.notify(.outputLost("the audio server went away"))
        player.reported(.serverLost)
        for _ in 0..<200 where await player.recovery.isWaiting == false {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await player.nowPlaying().state == .paused)
        #expect(await player.recovery.isWaiting)

        engine.clearLog()
        engine.bringServerBack()
        player.reported(.connected)
        for _ in 0..<200 where await player.nowPlaying().state != .playing {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(await player.nowPlaying().state == .playing)
        // The player plays once it decided to; the loader hands the track to the engine after.
        await settle()
        #expect(engine.log.contains("load short-a.mp3 at 0.0 playing"))
        await finish()
    }
}
