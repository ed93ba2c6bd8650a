import Audio
import Focus
import Foundation
import Logging
import RondoMPRIS
import RondoProtocol
import Synchronization
import Testing

@testable import RondoDaemon

/// Other programs' streams as sessions (SPEC §16), with the audio server's reports given by
/// hand: which streams are adopted, how their sound activates and releases their session,
/// and what their going leaves behind.
@Suite struct ForeignSessionTests {
    /// Stands in for other programs' MPRIS players: records each request and answers it as
    /// the test says (`pauses`, `resumes`), at once.
    final class FakePlayers: ForeignPlayerControl {
        let requests = Mutex<[String]>([])
        /// What a pause answers.
        let pauses = Mutex(ForeignPauseOutcome.paused(player: "org.mpris.MediaPlayer2.mpv"))
        /// What a resume answers.
        let resumes = Mutex(true)

        func pause(processID: Int32, within seconds: Double, completion: @escaping @Sendable (ForeignPauseOutcome) -> Void) {
            requests.withLock { $0.append("pause \(processID)") }
            completion(pauses.withLock { $0 })
        }

        func resume(player: String, completion: @escaping @Sendable (Bool) -> Void) {
            requests.withLock { $0.append("resume \(player)") }
            completion(resumes.withLock { $0 })
        }

        func forget(player: String) { requests.withLock { $0.append("forget \(player)") } }

        var log: [String] { requests.withLock { $0 } }
    }

    /// The services' clock, in seconds; moved by hand.
    final class Clock: Sendable {
        let seconds = Mutex(100.0)
        var now: Double { seconds.withLock { $0 } }
        func advance(by interval: Double) { seconds.withLock { $0 += interval } }
    }

    private let server = FakeAudioServer()
    private let players = FakePlayers()
    private let clock = Clock()
    private let sessions: SessionService

    init() {
        sessions = Self.service(scope: .roles, audio: server, players: players, clock: clock)
    }

    private static func service(
        scope: AdoptionScope, audio: FakeAudioServer, players: FakePlayers? = nil, hub: EventHub = EventHub(),
        clock: Clock = Clock()
    ) -> SessionService {
        SessionService(
            policy: .default, loadPolicy: { name throws(ConfigError) in throw ConfigError(path: name, line: nil, message: "none") },
            audio: audio.audio, hub: hub, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            adoptionScope: scope, players: players, now: { clock.now })
    }

    /// Reports `session`'s stream corked and lets it stay corked for the hold (the run
    /// loop's tick that releases it, given by hand).
    private func cork(_ session: String, in service: SessionService? = nil, clock: Clock? = nil) {
        let service = service ?? sessions
        service.handle(.soundStopped(session: session))
        (clock ?? self.clock).advance(by: SessionService.corkHoldSeconds)
        service.releaseCorkedForeignSessions()
    }

    private var audio: FakeSessionAudio { server.connections.last! }

    /// The foreign session of the stream at `index`, as `session.list` shows it.
    private func foreign(_ index: UInt32, in service: SessionService? = nil) -> SessionInfo? {
        (service ?? sessions).list().first { $0.foreign?.sinkInput == index || $0.foreign?.sourceOutput == index }
    }

    private func player() -> SessionInfo? { sessions.list().first { $0.session == SessionService.playerSession.rawValue } }

    private func appear(_ index: UInt32, role: String?, binary: String = "paplay", captures: Bool = false) {
        sessions.handle(
            .foreignStreamAppeared(
                ForeignAudioStream(index: index, captures: captures, mediaRole: role, binary: binary, processID: 4242)))
    }

    /// A stream a rule names becomes a daemon-owned session of the rule's configuration,
    /// handed to the audio server; it stays inactive until its sound starts.
    @Test func aNamedStreamIsAdoptedInactive() throws {
        appear(7, role: "Navigation")
        let session = try #require(foreign(7))
        #expect(session.mode == .voicePrompt && session.category == .playback)
        #expect(session.state == .inactive)
        #expect(session.owner == "rondod")
        #expect(session.foreign == ForeignProgramInfo(pid: 4242, application: nil, binary: "paplay", mediaRole: "Navigation", sinkInput: 7))
        #expect(audio.log.contains("adopt 7 \(session.session)"))
    }

    /// A stream no rule names is not adopted under `roles`, is under `all`, and nothing is under `off`.
    @Test func theScopeDecidesWhatIsAdopted() {
        appear(3, role: nil)
        #expect(foreign(3) == nil)
        let all = Self.service(scope: .all, audio: server)
        all.handle(.foreignStreamAppeared(ForeignAudioStream(index: 3, binary: "firefox")))
        #expect(foreign(3, in: all)?.category == .playback)
        let off = Self.service(scope: .off, audio: server)
        off.handle(.foreignStreamAppeared(ForeignAudioStream(index: 4, mediaRole: "phone")))
        #expect(foreign(4, in: off) == nil)
    }

    /// Its sound activates the session (a prompt ducks the player); corking releases it with
    /// notify-others (the duck ends); its removal closes it and forgets its levels.
    @Test func soundActivatesCorkingReleasesRemovalCloses() throws {
        sessions.decide(.activate(SessionService.playerSession))
        appear(7, role: "navigation")
        let id = try #require(foreign(7)).session
        sessions.handle(.soundStarted(session: id))
        #expect(foreign(7)?.state == .active)
        #expect(player()?.state == .ducked)

        cork(id)
        #expect(foreign(7)?.state == .inactive)
        #expect(player()?.state == .active)

        sessions.handle(.soundStarted(session: id))
        #expect(player()?.state == .ducked)
        cork(id)
        sessions.handle(.foreignStreamGone(index: 7, captures: false))
        #expect(foreign(7) == nil)
        #expect(player()?.state == .active)
        #expect(audio.log.contains("forget \(id)"))
    }

    /// A cork shorter than the hold (a player seeking, or starting again after an underrun)
    /// keeps the session active and what it ducks ducked; one that lasts releases it.
    @Test func aMomentaryCorkKeepsTheFocus() throws {
        sessions.decide(.activate(SessionService.playerSession))
        appear(7, role: "navigation")
        let id = try #require(foreign(7)).session
        sessions.handle(.soundStarted(session: id))
        sessions.handle(.soundStopped(session: id))
        clock.advance(by: SessionService.corkHoldSeconds * 0.9)
        sessions.releaseCorkedForeignSessions()
        sessions.handle(.soundStarted(session: id))
        clock.advance(by: SessionService.corkHoldSeconds)
        sessions.releaseCorkedForeignSessions()
        #expect(foreign(7)?.state == .active)
        #expect(player()?.state == .ducked)

        sessions.handle(.soundStopped(session: id))
        clock.advance(by: SessionService.corkHoldSeconds * 0.9)
        sessions.releaseCorkedForeignSessions()
        #expect(foreign(7)?.state == .active)
        clock.advance(by: SessionService.corkHoldSeconds * 0.1)
        sessions.releaseCorkedForeignSessions()
        #expect(foreign(7)?.state == .inactive)
        #expect(player()?.state == .active)
    }

    /// A stream that goes while corked closes its session at once, not after the hold.
    @Test func aStreamGoneWhileCorkedClosesAtOnce() throws {
        sessions.decide(.activate(SessionService.playerSession))
        appear(7, role: "navigation")
        let id = try #require(foreign(7)).session
        sessions.handle(.soundStarted(session: id))
        sessions.handle(.soundStopped(session: id))
        sessions.handle(.foreignStreamGone(index: 7, captures: false))
        #expect(foreign(7) == nil)
        #expect(player()?.state == .active)
    }

    /// A foreign call mutes foreign music (interrupted) and, when the call's stream goes,
    /// the music's session plays again and is unmuted.
    @Test func aCallSilencesForeignMusicUntilItEnds() throws {
        appear(1, role: "music", binary: "mpv")
        let music = try #require(foreign(1)).session
        sessions.handle(.soundStarted(session: music))
        appear(2, role: "phone", binary: "linphone")
        let call = try #require(foreign(2)).session
        sessions.handle(.soundStarted(session: call))
        #expect(foreign(1)?.state == .interrupted)
        #expect(audio.log.contains("mute \(music)"))

        audio.calls.withLock { $0 = [] }
        cork(call)
        sessions.handle(.foreignStreamGone(index: 2, captures: false))
        #expect(foreign(1)?.state == .active)
        #expect(audio.log.contains("unmute \(music)"))
    }

    /// Music that may not play (a call holds priority) is muted at once, and heard as soon
    /// as the call ends.
    @Test func musicStartedDuringACallIsMuted() throws {
        appear(2, role: "phone")
        let call = try #require(foreign(2)).session
        sessions.handle(.soundStarted(session: call))
        appear(1, role: "music", binary: "mpv")
        let music = try #require(foreign(1)).session
        sessions.handle(.soundStarted(session: music))
        #expect(foreign(1)?.state == .inactive)
        #expect(audio.log.last { $0.hasSuffix(music) } == "mute \(music)")

        cork(call)
        #expect(foreign(1)?.state == .active)
        #expect(audio.log.last { $0.hasSuffix(music) } == "unmute \(music)")
    }

    /// A lost audio server closes every foreign session: the next connection reports the
    /// streams again, and what they ducked comes back meanwhile.
    @Test func aLostServerClosesForeignSessions() throws {
        sessions.decide(.activate(SessionService.playerSession))
        appear(7, role: "navigation")
        sessions.handle(.soundStarted(session: try #require(foreign(7)).session))
        #expect(player()?.state == .ducked)
        sessions.handle(.serverLost)
        #expect(foreign(7) == nil)
        #expect(player()?.state == .active)
    }

    /// A recording stream is adopted only by a capture rule; the packaged rules take none.
    @Test func captureStreamsNeedACaptureRule() throws {
        appear(5, role: "phone", binary: "arecord", captures: true)
        #expect(foreign(5) == nil)
        var policy = FocusPolicy.default
        policy.adoptionRules.insert(
            AdoptionRule(
                match: AdoptionRule.Match(binary: Glob("arecord")), direction: .capture,
                configuration: try SessionConfiguration(category: .record)), at: 0)
        sessions.adopt(policy)
        appear(6, role: nil, binary: "arecord", captures: true)
        let session = try #require(foreign(6))
        #expect(session.category == .record)
        #expect(session.foreign?.sourceOutput == 6 && session.foreign?.sinkInput == nil)
        sessions.handle(.soundStarted(session: session.session))
        #expect(sessions.state.promptStyle == .none)
        cork(session.session)
        sessions.handle(.foreignStreamGone(index: 6, captures: true))
        #expect(foreign(6) == nil)
        #expect(sessions.state.promptStyle == .normal)
    }

    /// Starts foreign music (mpv, pid 4242) and a foreign call over it; the music's id.
    private func callOverMusic() throws -> (music: String, call: String) {
        appear(1, role: nil, binary: "mpv")
        let music = try #require(foreign(1)).session
        sessions.handle(.soundStarted(session: music))
        appear(2, role: "phone", binary: "linphone")
        let call = try #require(foreign(2)).session
        sessions.handle(.soundStarted(session: call))
        return (music, call)
    }

    /// A call pauses the interrupted player of the music's program (by its pid) and
    /// `session.list` names it; the music's stream corking (the player paused) keeps its
    /// session interrupted; the call's end plays the player again and the session activates.
    @Test func aCallPausesThePlayerAndItsEndPlaysIt() throws {
        let (music, call) = try callOverMusic()
        #expect(players.log == ["pause 4242"])
        #expect(foreign(1)?.foreign?.player == "org.mpris.MediaPlayer2.mpv")
        cork(music)
        #expect(foreign(1)?.state == .interrupted)

        cork(call)
        #expect(players.log == ["pause 4242", "resume org.mpris.MediaPlayer2.mpv"])
        #expect(foreign(1)?.state == .active)
        #expect(foreign(1)?.foreign?.player == nil)
    }

    /// A player the listener touched during the call is not played, and its session stays
    /// inactive unless the listener played it (its stream sounds).
    @Test(arguments: [false, true]) func aTouchedPlayerIsLeftAsItIs(playedByTheListener: Bool) throws {
        let (music, call) = try callOverMusic()
        cork(music)
        players.resumes.withLock { $0 = false }
        if playedByTheListener { audio.sounding.withLock { $0.insert(music) } }
        cork(call)
        #expect(foreign(1)?.state == (playedByTheListener ? .active : .inactive))
    }

    /// A player that plays on, or none, leaves the stream muted until the call ends.
    @Test func aPlayerThatPlaysOnStaysMuted() throws {
        players.pauses.withLock { $0 = .keptPlaying(player: "org.mpris.MediaPlayer2.stubborn") }
        let (music, call) = try callOverMusic()
        #expect(foreign(1)?.foreign?.player == nil)
        #expect(audio.log.last { $0.hasSuffix(music) } == "mute \(music)")
        cork(call)
        #expect(!players.log.contains { $0.hasPrefix("resume") })
        #expect(audio.log.last { $0.hasSuffix(music) } == "unmute \(music)")
        #expect(foreign(1)?.state == .active)
    }

    /// A player whose stream goes while it is paused for a call is still played when the call
    /// ends; its session waits for that, then closes.
    @Test func aPausedPlayerWhoseStreamWentIsPlayedAfterTheCall() throws {
        let (music, call) = try callOverMusic()
        cork(music)
        sessions.handle(.foreignStreamGone(index: 1, captures: false))
        #expect(foreign(1)?.state == .interrupted)
        cork(call)
        #expect(players.log.last == "resume org.mpris.MediaPlayer2.mpv")
        #expect(foreign(1) == nil)
    }

    /// A rule with `control = "mute"` mutes its stream and asks no player.
    @Test func muteControlAsksNoPlayer() throws {
        var policy = FocusPolicy.default
        policy.adoptionRules.insert(
            AdoptionRule(
                match: AdoptionRule.Match(binary: Glob("mpv")), configuration: try SessionConfiguration(category: .playback),
                control: .mute), at: 0)
        sessions.adopt(policy)
        let (music, _) = try callOverMusic()
        #expect(players.log.isEmpty)
        #expect(audio.log.last { $0.hasSuffix(music) } == "mute \(music)")
    }

    /// `session.changed` tells of a foreign session's adoption (with its program), each
    /// change of its state, and its closing.
    @Test func changesArePublished() throws {
        let hub = EventHub()
        let changes = Mutex<[String]>([])
        hub.observe { published in
            guard case .session(let change) = published, change.session.hasPrefix("foreign") else { return }
            changes.withLock { $0.append("\(change.state?.rawValue ?? "closed") \(change.foreign?.binary ?? "-")") }
        }
        let clock = Clock()
        let service = Self.service(scope: .roles, audio: server, hub: hub, clock: clock)
        service.handle(.foreignStreamAppeared(ForeignAudioStream(index: 9, mediaRole: "navigation", binary: "paplay")))
        let id = try #require(service.list().first { $0.foreign != nil }).session
        service.handle(.soundStarted(session: id))
        cork(id, in: service, clock: clock)
        service.handle(.foreignStreamGone(index: 9, captures: false))
        #expect(changes.withLock { $0 } == ["inactive paplay", "active paplay", "inactive paplay", "closed -"])
    }
}
