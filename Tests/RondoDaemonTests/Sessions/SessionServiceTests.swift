import Audio
import Focus
import Foundation
import Logging
import Playback
import RondoProtocol
import Synchronization
import Testing

@testable import RondoDaemon

/// The sessions service between clients, the arbiter and the audio server (a fake here):
/// what reaches the streams' gains and mutes, the player and the event hub, in order.
@Suite struct SessionServiceTests {
    private let server = FakeAudioServer()
    /// What the hub published, as text, in order.
    private final class Published: Sendable {
        let lines = Mutex<[String]>([])
    }

    private let published = Published()
    private let sessions: SessionService
    private let policy = FocusPolicy.default

    init() {
        let hub = EventHub()
        sessions = SessionService(
            policy: policy, loadPolicy: { name throws(ConfigError) in throw ConfigError(path: name, line: nil, message: "no policies here") },
            audio: server.audio, hub: hub, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            now: { 100 })
        hub.observe { [published] change in
            let line: String? =
                switch change {
                case .sessionGain(let gain): "gain \(gain.session) \(gain.gain)"
                case .interruption(let interruption): "interruption \(interruption.session) \(interruption.type.rawValue)"
                case .route(let route): "route \(route.reason.rawValue) \(route.previousSink ?? "-")"
                default: nil
                }
            if let line { published.lines.withLock { $0.append(line) } }
        }
    }

    private var audio: FakeSessionAudio { server.connections.last! }

    private func open(_ name: String, _ category: SessionCategoryName, options: [SessionOptionName]? = nil, owner: Int) throws -> SessionRef {
        let ref = try sessions.open(SessionOpenParams(name: name, category: category, options: options), owner: owner)
        try sessions.activate(ref, owner: owner)
        return ref
    }

    /// A session that ducks others lowers every other session's streams, ramped as the policy
    /// says, and they get their level back as it closes; the closed session's streams too.
    @Test func duckingReachesTheStreamsAndClosingUndoesIt() throws {
        let music = try open("music", .playback, owner: 1)
        let nav = try open("nav", .playback, options: [.duckOthers], owner: 2)
        let ramp = policy.rampMilliseconds
        #expect(audio.log.contains("gain \(music.session) \(policy.duckLevel) ramp \(ramp)"))
        #expect(published.lines.withLock { $0 }.contains("gain \(music.session) \(policy.duckLevel)"))

        audio.calls.withLock { $0 = [] }
        try sessions.close(nav, owner: 2)
        #expect(audio.log.contains("gain \(music.session) 1.0 ramp \(ramp)"))
        #expect(
            audio.log.suffix(3) == ["gain \(nav.session) 1.0 ramp 0", "unmute \(nav.session)", "forget \(nav.session)"])
    }

    /// A connection that closes ends its sessions: a program it left ducking others stops
    /// ducking them.
    @Test func aClosedConnectionEndsItsSessions() throws {
        let music = try open("music", .playback, owner: 1)
        let nav = try open("nav", .playback, options: [.duckOthers], owner: 2)
        sessions.connectionClosed(2)
        #expect(!sessions.list().contains { $0.session == nav.session })
        #expect(audio.log.last(where: { $0.hasPrefix("gain \(music.session)") }) == "gain \(music.session) 1.0 ramp \(policy.rampMilliseconds)")
    }

    /// A stopping daemon gives every session's streams their level back and waits for the
    /// server to take the changes before letting the connection go.
    @Test func shuttingDownRestoresEverySessionThenFlushes() throws {
        let music = try open("music", .playback, owner: 1)
        let nav = try open("nav", .playback, options: [.duckOthers], owner: 2)
        audio.calls.withLock { $0 = [] }
        sessions.shutDown()
        let log = audio.log
        for session in [music.session, nav.session, SessionService.playerSession.rawValue] {
            #expect(log.contains("gain \(session) 1.0 ramp 0"), "\(session) gets its level back")
            #expect(log.contains("unmute \(session)"))
        }
        #expect(log.last == "flush")
    }

    /// A call interrupts the playing player: its streams are muted at once, it hears
    /// `interruptionBegan`, and clients hear the interruption; when the call ends the player
    /// hears it may resume.
    @Test func aCallInterruptsThePlayer() async throws {
        let player = SessionService.playerSession.rawValue
        #expect(sessions.activatePlayer(spokenAudio: false) == nil)
        var notices = sessions.playerNotices.makeAsyncIterator()
        let call = try open("call", .playAndRecord, owner: 3)
        #expect(audio.log.contains("mute \(player)"))
        #expect(await notices.next() == .interruptionBegan)
        #expect(published.lines.withLock { $0 }.contains("interruption \(player) began"))

        try sessions.deactivate(SessionDeactivateParams(session: call.session, notifyOthers: true), owner: 3)
        #expect(await notices.next() == .interruptionEnded(shouldResume: true))
        #expect(published.lines.withLock { $0 }.last == "interruption \(player) ended")
    }

    /// A new connection to the server (one that came back) is given every session's gain
    /// and mute, so what the arbiter decided meanwhile is heard.
    @Test func aNewConnectionHearsTheArbitersState() throws {
        let music = try open("music", .playback, owner: 1)
        _ = try open("nav", .playback, options: [.duckOthers], owner: 2)
        server.reconnect()
        sessions.handle(.connected)
        #expect(server.connections.count == 2)
        #expect(audio.log.contains("gain \(music.session) \(policy.duckLevel) ramp 0"))
        #expect(audio.log.contains("volume \(SessionService.playerSession.rawValue) 1.0"))
    }

    /// The server's report that the player's device went away pauses the player (a route
    /// loss, not a move to another device) and is published as a route change.
    @Test func aRemovedDeviceIsARouteLossForThePlayer() async throws {
        let running = Task { await sessions.run() }
        defer { running.cancel() }
        var notices = sessions.playerNotices.makeAsyncIterator()
        sessions.reported(.sinkRemoved(name: "headphones", sessions: [SessionService.playerSession.rawValue]))
        #expect(await notices.next() == .routeLost)
        #expect(published.lines.withLock { $0 }.contains("route oldDeviceUnavailable headphones"))
    }
}
