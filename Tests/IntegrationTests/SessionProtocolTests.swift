import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The `session.*` methods and `session` events of SPEC §2 and §5 through the real daemon's
/// socket (no audio needed: these are the arbiter's decisions as clients see them).
struct SessionProtocolTests {
    /// `session.open` with its params as written, so a test can send names no typed params hold.
    private enum SessionOpenAsWritten: RPCMethod {
        typealias Params = JSONValue
        typealias Result = SessionRef
        static let name = Methods.SessionOpen.name
    }

    private func open(
        _ client: RondoClient, _ name: String, _ category: String, mode: String? = nil, options: [String]? = nil
    ) throws -> String {
        var params: [String: JSONValue] = ["name": .string(name), "category": .string(category)]
        params["mode"] = mode.map(JSONValue.string)
        params["options"] = options.map { .array($0.map(JSONValue.string)) }
        return try client.call(SessionOpenAsWritten.self, .object(params)).session
    }

    /// The next event called `method`, skipping others, waiting up to 2 s.
    private func next(_ method: String, on client: RondoClient) throws -> RondoClient.Event? {
        while let event = try client.nextEvent(timeout: 2) {
            if event.method == method { return event }
        }
        return nil
    }

    /// The next event that is not `session.changed` (the sessions' states, which these tests
    /// read from `session.list`), waiting up to `timeout` seconds.
    private func nextNotice(on client: RondoClient, timeout: Double) throws -> RondoClient.Event? {
        while let event = try client.nextEvent(timeout: timeout) {
            if event.method != Events.SessionChangedEvent.name { return event }
        }
        return nil
    }

    /// The domain code of the error `body` throws, or `nil` when it succeeds.
    private func errorCode(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch ClientError.rpc(let error) {
            return error.data?.code.rawValue
        } catch {
            return "\(error)"
        }
    }

    /// Impossible configurations and unknown sessions are refused with SPEC §9 codes; a
    /// session can be changed only through the connection that opened it.
    @Test func refusalsCarryTheirCodes() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let owner = try daemon.client()
        let stranger = try daemon.client()
        #expect(errorCode { _ = try open(owner, "x", "record", options: ["duckOthers"]) } == "badParam")
        #expect(errorCode { _ = try open(owner, "x", "soloAmbient", options: ["mixWithOthers"]) } == "badParam")
        #expect(errorCode { _ = try open(owner, "x", "opera") } == "badParam")
        #expect(errorCode { _ = try owner.call(Methods.SessionActivate.self, SessionRef(session: "s999")) } == "noSuchSession")
        let session = try open(owner, "music", "playback")
        #expect(errorCode { _ = try stranger.call(Methods.SessionActivate.self, SessionRef(session: session)) } == "permissionDenied")
        #expect(errorCode { _ = try owner.call(Methods.SessionActivate.self, SessionRef(session: session)) } == nil)
    }

    /// A connection may hold 256 sessions; the next is refused with `badParam` and a reason,
    /// another connection still opens its own, and closing one makes room again.
    @Test func sessionsPerConnectionAreCapped() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let greedy = try daemon.client()
        var opened: [String] = []
        for number in 0..<256 { opened.append(try open(greedy, "s\(number)", "ambient")) }
        do {
            _ = try open(greedy, "one-too-many", "ambient")
            Issue.record("the 257th session was opened")
        } catch ClientError.rpc(let error) {
            #expect(error.data?.code == .badParam)
            #expect(error.message.contains("256 sessions"), "\(error.message)")
        }
        #expect(errorCode { _ = try open(daemon.client(), "other", "ambient") } == nil)
        _ = try greedy.call(Methods.SessionClose.self, SessionRef(session: opened[0]))
        #expect(errorCode { _ = try open(greedy, "room-again", "ambient") } == nil)
    }

    /// A connection may hold 32 sandboxes; the next is refused with `badParam` naming the
    /// limit, another connection still opens its own, closing one makes room again, and a
    /// connection that goes away takes its sandboxes with it.
    @Test func sandboxesPerConnectionAreCapped() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        var greedy: RondoClient? = try daemon.client()
        var opened: [String] = []
        for _ in 0..<32 {
            opened.append(try #require(greedy).call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "default")).sandbox)
        }
        do {
            _ = try #require(greedy).call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "automotive"))
            Issue.record("the 33rd sandbox was opened")
        } catch ClientError.rpc(let error) {
            #expect(error.data?.code == .badParam)
            #expect(error.message.contains("32 sandboxes"), "\(error.message)")
        }
        let other = try daemon.client()
        let theirs = try other.call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "default")).sandbox
        _ = try #require(greedy).call(Methods.SandboxClose.self, SandboxRef(sandbox: opened[0]))
        #expect(errorCode { _ = try greedy?.call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "default")) } == nil)
        greedy = nil
        // The daemon learns of the closed connection when it next reads from it.
        let deadline = ContinuousClock.now + .seconds(10)
        var left: String?
        repeat {
            left = errorCode { _ = try other.call(Methods.SessionPromptStyle.self, PromptStyleParams(sandbox: opened[1])) }
            if left == nil { Thread.sleep(forTimeInterval: 0.02) }
        } while left == nil && ContinuousClock.now < deadline
        #expect(left == "notFound")
        #expect(errorCode { _ = try other.call(Methods.SessionPromptStyle.self, PromptStyleParams(sandbox: theirs)) } == nil)
    }

    /// A mode the category does not support falls back to `default` without an error.
    @Test func unsupportedModeFallsBackToDefault() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        let session = try open(client, "odd", "playback", mode: "voiceChat")
        let listed = try #require(try client.call(Methods.SessionList.self).first { $0.session == session })
        #expect(listed.mode == .default)
        #expect(listed.state == .inactive)
        #expect(listed.owner.hasPrefix("connection "))
    }

    /// A podcast interrupted by non-mixable music hears `began` (reason default), then
    /// `ended` with `shouldResume: true` when the music deactivates with notify-others; the
    /// events name the session and the state follows.
    @Test func interruptionBeganAndEndedEvents() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let podcastApp = try daemon.client()
        let musicApp = try daemon.client()
        _ = try podcastApp.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
        let podcast = try open(podcastApp, "podcast", "playback", mode: "spokenAudio")
        let music = try open(musicApp, "music", "playback")
        _ = try podcastApp.call(Methods.SessionActivate.self, SessionRef(session: podcast))
        _ = try musicApp.call(Methods.SessionActivate.self, SessionRef(session: music))
        let began = try #require(try nextNotice(on: podcastApp, timeout: 2))
        #expect(began.method == "session.interruption")
        #expect(began.params["session"]?.text == podcast)
        #expect(began.params["type"]?.text == "began")
        #expect(began.params["reason"]?.text == "default")
        #expect(try podcastApp.call(Methods.SessionList.self).first { $0.session == podcast }?.state == .interrupted)

        _ = try musicApp.call(Methods.SessionDeactivate.self, SessionDeactivateParams(session: music, notifyOthers: true))
        let ended = try #require(try nextNotice(on: podcastApp, timeout: 2))
        #expect(ended.params["type"]?.text == "ended")
        #expect(ended.params["shouldResume"] == .bool(true))
        #expect(try podcastApp.call(Methods.SessionList.self).first { $0.session == podcast }?.state == .inactive)
    }

    /// Music interrupted by music ends its interruption with `shouldResume: false`.
    @Test func musicOverMusicDoesNotResume() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let first = try daemon.client()
        let second = try daemon.client()
        _ = try first.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
        let older = try open(first, "older", "playback")
        let newer = try open(second, "newer", "playback")
        _ = try first.call(Methods.SessionActivate.self, SessionRef(session: older))
        _ = try second.call(Methods.SessionActivate.self, SessionRef(session: newer))
        _ = try nextNotice(on: first, timeout: 2)
        _ = try second.call(Methods.SessionClose.self, SessionRef(session: newer))
        let ended = try #require(try nextNotice(on: first, timeout: 2))
        #expect(ended.params["type"]?.text == "ended")
        #expect(ended.params["shouldResume"] == .bool(false))
    }

    /// A ducking session's gain changes are events: others go to 0.3 and back to 1.
    @Test func duckingIsAnnouncedAsGainEvents() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let musicApp = try daemon.client()
        let navigation = try daemon.client()
        _ = try musicApp.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
        let music = try open(musicApp, "music", "playback")
        let nav = try open(navigation, "nav", "playback", mode: "voicePrompt", options: ["duckOthers"])
        _ = try musicApp.call(Methods.SessionActivate.self, SessionRef(session: music))
        _ = try navigation.call(Methods.SessionActivate.self, SessionRef(session: nav))
        let ducked = try #require(try nextNotice(on: musicApp, timeout: 2))
        #expect(ducked.method == "session.gain")
        #expect(ducked.params["session"]?.text == music)
        #expect(ducked.params["gain"]?.numeric == 0.3)
        #expect(try musicApp.call(Methods.SessionList.self).first { $0.session == music }?.state == .ducked)
        _ = try navigation.call(Methods.SessionDeactivate.self, SessionDeactivateParams(session: nav))
        let restored = try #require(try nextNotice(on: musicApp, timeout: 2))
        #expect(restored.params["gain"]?.numeric == 1)
    }

    /// A voicePrompt session held active without sound past `prompt_hold_s` gets a
    /// `session.advisory` naming it.
    @Test func silentPromptGetsAnAdvisory() throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-advisory")
        defer { scratch.remove() }
        let config = scratch.appending("rondo.toml")
        try "prompt_hold_s = 0.5\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        let client = try daemon.client()
        _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
        // The arbiter's tick, with no advisory waiting, is parked until rung: the activation must ring it.
        Thread.sleep(forTimeInterval: 0.3)
        let nav = try open(client, "nav", "playback", mode: "voicePrompt", options: ["duckOthers"])
        _ = try client.call(Methods.SessionActivate.self, SessionRef(session: nav))
        let advisory = try #require(try nextNotice(on: client, timeout: 3))
        #expect(advisory.method == "session.advisory")
        #expect(advisory.params["session"]?.text == nav)
        #expect(advisory.params["message"]?.text?.contains("without sound") == true, "\(advisory.line)")
    }

    /// The sessions of a connection that goes away are closed, and the interruptions they
    /// caused end with notify-others.
    @Test func sessionsCloseWithTheirConnection() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let podcastApp = try daemon.client()
        _ = try podcastApp.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
        let podcast = try open(podcastApp, "podcast", "playback", mode: "spokenAudio")
        _ = try podcastApp.call(Methods.SessionActivate.self, SessionRef(session: podcast))
        var callApp: RondoClient? = try daemon.client()
        let call = try open(callApp!, "call", "playAndRecord", mode: "voiceChat")
        _ = try callApp!.call(Methods.SessionActivate.self, SessionRef(session: call))
        #expect(try next("session.interruption", on: podcastApp)?.params["type"]?.text == "began")
        callApp = nil
        let ended = try #require(try next("session.interruption", on: podcastApp))
        #expect(ended.params["type"]?.text == "ended")
        #expect(ended.params["shouldResume"] == .bool(true))
        #expect(try podcastApp.call(Methods.SessionList.self).map(\.session) == ["rondo.player", podcast])
    }

    /// A sandbox is an isolated arbiter: its sessions never interrupt or duck the live
    /// ones, `session.list` names their sandbox, and closing it (or its connection) removes them.
    @Test func sandboxesAreIsolated() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let live = try daemon.client()
        let scenario = try daemon.client()
        let music = try open(live, "music", "playback")
        _ = try live.call(Methods.SessionActivate.self, SessionRef(session: music))

        let sandbox = try scenario.call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "default")).sandbox
        let boxed = try scenario.call(
            Methods.SessionOpen.self,
            SessionOpenParams(name: "takeover", category: .playback, options: [.duckOthers], sandbox: sandbox)
        ).session
        _ = try scenario.call(Methods.SessionActivate.self, SessionRef(session: boxed))
        let listed = try live.call(Methods.SessionList.self)
        #expect(listed.first { $0.session == music }?.state == .active)
        #expect(listed.first { $0.session == boxed }?.sandbox == sandbox)
        #expect(listed.first { $0.session == boxed }?.state == .active)

        #expect(
            errorCode { _ = try live.call(Methods.SessionOpen.self, SessionOpenParams(name: "x", category: .playback, sandbox: sandbox)) }
                == "permissionDenied")
        #expect(errorCode { _ = try live.call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "nonesuch")) } == "notFound")
        #expect(
            errorCode { _ = try live.call(Methods.SessionOpen.self, SessionOpenParams(name: "x", category: .playback, sandbox: "nowhere")) }
                == "notFound")

        _ = try scenario.call(Methods.SandboxClose.self, SandboxRef(sandbox: sandbox))
        #expect(try live.call(Methods.SessionList.self).allSatisfy { $0.sandbox == nil })

        let another = try scenario.call(Methods.SandboxOpen.self, SandboxOpenParams(policy: "default")).sandbox
        _ = try scenario.call(Methods.SessionOpen.self, SessionOpenParams(name: "left", category: .ambient, sandbox: another))
        #expect(try live.call(Methods.SessionList.self).contains { $0.sandbox == another })
    }

    /// The events a request causes reach the client before the request's reply: right
    /// after `session.activate` returns, its interruption and gain events are already there.
    @Test func eventsArriveBeforeTheReply() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        _ = try client.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.session]))
        let podcast = try open(client, "podcast", "playback", mode: "spokenAudio")
        let music = try open(client, "chime", "playback", options: ["mixWithOthers"])
        let nav = try open(client, "nav", "playback", mode: "voicePrompt", options: ["duckOthers", "interruptSpokenAudioAndMixWithOthers"])
        for session in [podcast, music] { _ = try client.call(Methods.SessionActivate.self, SessionRef(session: session)) }
        for _ in 0..<20 {
            _ = try client.call(Methods.SessionActivate.self, SessionRef(session: nav))
            let began = try #require(try nextNotice(on: client, timeout: 0))
            #expect(began.method == "session.interruption" && began.params["session"]?.text == podcast)
            let ducked = try #require(try nextNotice(on: client, timeout: 0))
            #expect(ducked.method == "session.gain" && ducked.params["session"]?.text == music)
            _ = try client.call(Methods.SessionDeactivate.self, SessionDeactivateParams(session: nav, notifyOthers: true))
            #expect(try nextNotice(on: client, timeout: 0)?.params["type"]?.text == "ended")
            #expect(try nextNotice(on: client, timeout: 0)?.params["gain"]?.numeric == 1)
            _ = try client.call(Methods.SessionActivate.self, SessionRef(session: podcast))
            #expect(try nextNotice(on: client, timeout: 0) == nil)
        }
    }
}
