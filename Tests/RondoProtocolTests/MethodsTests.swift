import RondoProtocol
import Testing

/// The method table checked against SPEC §2, whose names are copied here verbatim.
struct MethodsTests {
    /// Every method of the SPEC §2 table, in its order (`a` / `b` rows split).
    static let specMethods = [
        "daemon.info", "remote.send", "remote.list", "remote.setEnabled", "nowPlaying.get", "queue.get", "queue.set",
        "queue.append", "queue.remove", "queue.move", "queue.clear", "queue.playIndex", "library.children",
        "library.item", "library.count", "library.itemForIdentifier", "library.play", "library.search",
        "library.scan", "library.problems", "context.get", "context.set", "sandbox.open", "sandbox.close",
        "session.open", "session.configure", "session.activate", "session.deactivate", "session.close",
        "session.list", "session.promptStyle", "prompt.play", "player.volume",
        "player.setVolume", "player.outputs", "player.setOutput", "events.subscribe",
    ]

    /// The methods the daemon serves, as SPEC §2 names them.
    static let servedMethods = [
        "daemon.info", "remote.send", "remote.list", "remote.setEnabled", "nowPlaying.get", "queue.get", "queue.set", "queue.append", "queue.remove",
        "queue.move", "queue.clear", "queue.playIndex", "library.children", "library.item", "library.count",
        "library.itemForIdentifier", "library.play", "library.search", "library.scan", "library.problems", "library.stats",
        "context.get", "context.set", "sandbox.open", "sandbox.close", "sandbox.route", "sandbox.wait", "session.open", "session.configure",
        "session.activate",
        "session.deactivate", "session.close", "session.list", "session.promptStyle", "prompt.play", "player.volume",
        "player.setVolume", "player.outputs", "player.setOutput", "player.replayGain", "player.setReplayGain",
        "radio.list", "radio.add", "radio.remove", "chapters.get", "player.chapter", "podcast.subscribe",
        "podcast.unsubscribe", "podcast.list", "podcast.refresh", "podcast.episodes", "podcast.markPlayed",
        "podcast.importOPML", "podcast.exportOPML", "player.playFromSearch", "player.sleep", "events.subscribe",
    ]

    /// Every event notification of SPEC §2 with its topic, and §16's `session.changed`
    /// beside `session.interruption`.
    static let specEvents: [String: String] = [
        "nowPlaying.changed": "nowPlaying", "queue.changed": "queue", "remote.changed": "remote",
        "session.interruption": "session", "session.gain": "session", "session.promptStyle": "session",
        "session.advisory": "session", "session.changed": "session", "route.changed": "route", "context.changed": "context",
        "library.scanProgress": "library", "library.changed": "library", "podcast.refreshed": "library",
    ]

    /// The events the daemon sends.
    static let servedEvents = [
        "nowPlaying.changed", "queue.changed", "remote.changed", "session.interruption", "session.gain",
        "session.promptStyle", "session.advisory", "session.changed", "route.changed", "context.changed",
        "library.scanProgress", "library.changed", "podcast.refreshed",
    ]

    /// The subscription topics of SPEC §2, in its order.
    static let specTopics = ["nowPlaying", "queue", "remote", "session", "route", "context", "library"]

    /// The table holds exactly the served methods, in SPEC order.
    @Test func listsThisStepsMethods() {
        #expect(Methods.all.map { $0.name } == Self.servedMethods)
    }

    /// Methods beyond SPEC §2's table, each needed by another part of the SPEC.
    static let extensions = [
        "sandbox.route",  // SPEC §8: route-lost / route-restored steps in a sandbox
        "sandbox.wait",  // SPEC §8: wait steps on a sandbox's own clock
        "library.stats",  // SPEC §7: rondo library stats
        "player.volume", "player.setVolume",  // the listener's volume: rondo volume
        "player.outputs", "player.setOutput",  // the output device: rondo output
        "player.replayGain", "player.setReplayGain",  // loudness from ReplayGain tags: rondo replaygain
        "radio.list", "radio.add", "radio.remove",  // SPEC §10: radio stations
        "chapters.get", "player.chapter",  // SPEC §11: chapters
        "podcast.subscribe", "podcast.unsubscribe", "podcast.list", "podcast.refresh",  // SPEC §12: podcasts
        "podcast.episodes", "podcast.markPlayed", "podcast.importOPML", "podcast.exportOPML",
        "player.playFromSearch", "player.sleep",  // SPEC §15: play from search, the sleep timer
    ]

    /// Every method name in the table is one SPEC §2 names, spelled the same, or a listed extension.
    @Test func namesOnlySpecMethods() {
        let unknown = Methods.all.map { $0.name }.filter { !Self.specMethods.contains($0) && !Self.extensions.contains($0) }
        #expect(unknown.isEmpty, "not in SPEC §2: \(unknown)")
    }

    /// No method is listed twice.
    @Test func listsEachMethodOnce() {
        let names = Methods.all.map { $0.name }
        #expect(Set(names).count == names.count)
    }

    /// The table lists exactly the events the daemon sends, each once.
    @Test func listsThisStepsEvents() {
        let names = Events.all.map { $0.name }
        #expect(names == Self.servedEvents)
        #expect(Set(names).count == names.count)
    }

    /// Each event belongs to the topic SPEC §2 files it under.
    @Test func filesEachEventUnderItsSpecTopic() {
        for event in Events.all {
            #expect(Self.specEvents[event.name] == event.topic.rawValue, "\(event.name) under \(event.topic)")
        }
    }

    /// The topics a client can subscribe to are exactly those of SPEC §2.
    @Test func namesExactlyTheSpecTopics() {
        #expect(EventTopic.allCases.map(\.rawValue) == Self.specTopics)
    }

    /// Methods whose SPEC §2 params are none (`–`) or all optional accept absent params.
    @Test(arguments: [
        Methods.DaemonInfoMethod.name, Methods.NowPlayingGet.name, Methods.QueueClear.name, Methods.QueueGet.name,
        Methods.SessionList.name, Methods.SessionPromptStyle.name, Methods.LibraryScan.name,
        Methods.LibraryProblems.name, Methods.LibraryStats.name, Methods.ContextGet.name, Methods.ContextSet.name,
        Methods.RadioList.name,
    ])
    func acceptsAbsentParams(_ name: String) throws {
        let method = try #require(Methods.all.first { $0.name == name })
        try Self.decodeAbsentParams(of: method)
    }

    /// `events.subscribe` reads every SPEC topic and nothing else.
    @Test func subscribesToSpecTopics() throws {
        let codec = JSONRPCCodec()
        let params = try codec.decodeParams(
            Methods.EventsSubscribe.Params.self, from: .object(["topics": .array(Self.specTopics.map { .string($0) })]),
            method: Methods.EventsSubscribe.name)
        #expect(params.topics == EventTopic.allCases)
    }

    private static func decodeAbsentParams<M: RPCMethod>(of method: M.Type) throws {
        _ = try JSONRPCCodec().decodeParams(M.Params.self, from: nil, method: M.name)
    }
}
