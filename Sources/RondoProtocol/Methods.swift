/// A method of the wire protocol: its name and the types of its params and result.
public protocol RPCMethod: Sendable {
    /// What the method takes.
    associatedtype Params: Codable & Sendable
    /// What it returns.
    associatedtype Result: Codable & Sendable
    /// The wire name (`queue.append`).
    static var name: String { get }
}

/// An event notification: its wire name, the topic it belongs to and its params type.
public protocol RPCEvent: Sendable {
    /// What the event carries.
    associatedtype Params: Codable & Sendable
    /// The notification's method name (`nowPlaying.changed`).
    static var name: String { get }
    /// The topic a connection subscribes to for it.
    static var topic: EventTopic { get }
}

/// Every method and event of the protocol, once (the contract of SPEC §2 in code).
public enum Methods {
    /// `daemon.info`: the daemon's version, socket and music directory.
    public enum DaemonInfoMethod: RPCMethod {
        public typealias Params = Empty
        public typealias Result = DaemonInfo
        public static let name = "daemon.info"
    }
    /// `remote.send`: one remote command (SPEC §4), answered with its status.
    public enum RemoteSend: RPCMethod {
        public typealias Params = RemoteSendParams
        public typealias Result = RemoteSendResult
        public static let name = "remote.send"
    }
    /// `remote.list`: every remote command with its enabled flag and properties.
    public enum RemoteList: RPCMethod {
        public typealias Params = Empty
        public typealias Result = [RemoteCommandInfo]
        public static let name = "remote.list"
    }
    /// `remote.setEnabled`: enables or disables one remote command.
    public enum RemoteSetEnabled: RPCMethod {
        public typealias Params = RemoteSetEnabledParams
        public typealias Result = Empty
        public static let name = "remote.setEnabled"
    }
    /// `nowPlaying.get`: the playback state and now-playing dictionary.
    public enum NowPlayingGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = NowPlayingState
        public static let name = "nowPlaying.get"
    }
    /// `queue.get`: the queue's items and current index.
    public enum QueueGet: RPCMethod {
        public typealias Params = QueueGetParams
        public typealias Result = QueueGetResult
        public static let name = "queue.get"
    }
    /// `queue.set`: replaces the queue.
    public enum QueueSet: RPCMethod {
        public typealias Params = QueueItemsParams
        public typealias Result = QueueCountResult
        public static let name = "queue.set"
    }
    /// `queue.append`: adds items at the end of the queue.
    public enum QueueAppend: RPCMethod {
        public typealias Params = QueueItemsParams
        public typealias Result = QueueCountResult
        public static let name = "queue.append"
    }
    /// `queue.remove`: removes the item at an index.
    public enum QueueRemove: RPCMethod {
        public typealias Params = QueueIndexParams
        public typealias Result = Empty
        public static let name = "queue.remove"
    }
    /// `queue.move`: moves an item to another index.
    public enum QueueMove: RPCMethod {
        public typealias Params = QueueMoveParams
        public typealias Result = Empty
        public static let name = "queue.move"
    }
    /// `queue.clear`: empties the queue and stops.
    public enum QueueClear: RPCMethod {
        public typealias Params = Empty
        public typealias Result = Empty
        public static let name = "queue.clear"
    }
    /// `queue.playIndex`: plays the item at an index.
    public enum QueuePlayIndex: RPCMethod {
        public typealias Params = QueueIndexParams
        public typealias Result = Empty
        public static let name = "queue.playIndex"
    }
    /// `library.children`: a page of the children of an index path.
    public enum LibraryChildren: RPCMethod {
        public typealias Params = LibraryChildrenParams
        public typealias Result = LibraryChildrenResult
        public static let name = "library.children"
    }
    /// `library.item`: the content item at an index path.
    public enum LibraryItem: RPCMethod {
        public typealias Params = IndexPathParams
        public typealias Result = ContentItem
        public static let name = "library.item"
    }
    /// `library.count`: how many children an index path has.
    public enum LibraryCount: RPCMethod {
        public typealias Params = IndexPathParams
        public typealias Result = LibraryCountResult
        public static let name = "library.count"
    }
    /// `library.itemForIdentifier`: the content item with an identifier.
    public enum LibraryItemForIdentifier: RPCMethod {
        public typealias Params = IdentifierParams
        public typealias Result = ContentItem
        public static let name = "library.itemForIdentifier"
    }
    /// `library.play`: queues the item's container and plays from the item.
    public enum LibraryPlay: RPCMethod {
        public typealias Params = IndexPathParams
        public typealias Result = LibraryPlayResult
        public static let name = "library.play"
    }
    /// `library.search`: items whose words start with the query's words, best first.
    public enum LibrarySearch: RPCMethod {
        public typealias Params = LibrarySearchParams
        public typealias Result = LibrarySearchResult
        public static let name = "library.search"
    }
    /// `library.scan`: reconciles the library with the music directory, answered when done.
    public enum LibraryScan: RPCMethod {
        public typealias Params = LibraryScanParams
        public typealias Result = LibraryScanResult
        public static let name = "library.scan"
    }
    /// `library.problems`: files left out of the library, and why.
    public enum LibraryProblems: RPCMethod {
        public typealias Params = Empty
        public typealias Result = [LibraryProblem]
        public static let name = "library.problems"
    }
    /// `library.stats`: counts of what the library holds. Not in SPEC §2's table: `rondo
    /// library stats` (SPEC §7) needs it.
    public enum LibraryStats: RPCMethod {
        public typealias Params = Empty
        public typealias Result = LibraryStatsResult
        public static let name = "library.stats"
    }
    /// `context.get`: the content limits in force.
    public enum ContextGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = ContentLimitsPayload
        public static let name = "context.get"
    }
    /// `context.set`: changes the content limits; answered with the limits now in force.
    public enum ContextSet: RPCMethod {
        public typealias Params = ContentLimitsChange
        public typealias Result = ContentLimitsPayload
        public static let name = "context.set"
    }
    /// `sandbox.open`: opens an isolated arbiter under a policy, for scenarios.
    public enum SandboxOpen: RPCMethod {
        public typealias Params = SandboxOpenParams
        public typealias Result = SandboxRef
        public static let name = "sandbox.open"
    }
    /// `sandbox.close`: closes a sandbox and its sessions.
    public enum SandboxClose: RPCMethod {
        public typealias Params = SandboxRef
        public typealias Result = SandboxRef
        public static let name = "sandbox.close"
    }
    /// `sandbox.route`: a simulated route change in a sandbox. Not in SPEC §2's table: the
    /// scenario steps `route-lost` and `route-restored` (SPEC §8) need it through the daemon.
    public enum SandboxRoute: RPCMethod {
        public typealias Params = SandboxRouteParams
        public typealias Result = Empty
        public static let name = "sandbox.route"
    }
    /// `sandbox.wait`: time passing on a sandbox's clock. Not in SPEC §2's table: the
    /// scenario step `wait` (SPEC §8) needs it through the daemon.
    public enum SandboxWait: RPCMethod {
        public typealias Params = SandboxWaitParams
        public typealias Result = Empty
        public static let name = "sandbox.wait"
    }
    /// `session.open`: opens an audio session owned by this connection.
    public enum SessionOpen: RPCMethod {
        public typealias Params = SessionOpenParams
        public typealias Result = SessionRef
        public static let name = "session.open"
    }
    /// `session.configure`: changes a session's category, mode or options.
    public enum SessionConfigure: RPCMethod {
        public typealias Params = SessionConfigureParams
        public typealias Result = Empty
        public static let name = "session.configure"
    }
    /// `session.activate`: activates a session, or fails as SPEC §5 says (`insufficientPriority`).
    public enum SessionActivate: RPCMethod {
        public typealias Params = SessionRef
        public typealias Result = Empty
        public static let name = "session.activate"
    }
    /// `session.deactivate`: deactivates a session, optionally ending the interruptions it caused.
    public enum SessionDeactivate: RPCMethod {
        public typealias Params = SessionDeactivateParams
        public typealias Result = Empty
        public static let name = "session.deactivate"
    }
    /// `session.close`: deactivates (notifying others) and forgets a session.
    public enum SessionClose: RPCMethod {
        public typealias Params = SessionRef
        public typealias Result = Empty
        public static let name = "session.close"
    }
    /// `session.list`: every session with its configuration, state and gain.
    public enum SessionList: RPCMethod {
        public typealias Params = Empty
        public typealias Result = [SessionInfo]
        public static let name = "session.list"
    }
    /// `session.promptStyle`: how voice prompts should sound now (`none`, `short`, `normal`).
    public enum SessionPromptStyle: RPCMethod {
        public typealias Params = PromptStyleParams
        public typealias Result = PromptStyleResult
        public static let name = "session.promptStyle"
    }
    /// `prompt.play`: plays a voice prompt under a `voicePrompt` session, answered once played.
    public enum PromptPlay: RPCMethod {
        public typealias Params = PromptPlayParams
        public typealias Result = PromptPlayResult
        public static let name = "prompt.play"
    }
    /// `player.volume`: the listener's volume for the player.
    public enum PlayerVolumeGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = PlayerVolume
        public static let name = "player.volume"
    }
    /// `player.setVolume`: sets or changes the listener's volume for the player (saved).
    public enum PlayerSetVolume: RPCMethod {
        public typealias Params = PlayerSetVolumeParams
        public typealias Result = PlayerVolume
        public static let name = "player.setVolume"
    }
    /// `player.replayGain`: how loud tracks play from their ReplayGain tags.
    public enum PlayerReplayGainGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = ReplayGainState
        public static let name = "player.replayGain"
    }
    /// `player.setReplayGain`: changes the ReplayGain mode, pre-amplification or clipping
    /// prevention (kept until the configuration is reloaded); heard at once.
    public enum PlayerSetReplayGain: RPCMethod {
        public typealias Params = PlayerSetReplayGainParams
        public typealias Result = ReplayGainState
        public static let name = "player.setReplayGain"
    }
    /// `player.outputs`: the audio server's sinks, the one in use and the one pinned.
    public enum PlayerOutputsGet: RPCMethod {
        public typealias Params = Empty
        public typealias Result = PlayerOutputs
        public static let name = "player.outputs"
    }
    /// `player.setOutput`: pins the player to a sink, or lets it follow the default (saved).
    public enum PlayerSetOutput: RPCMethod {
        public typealias Params = PlayerSetOutputParams
        public typealias Result = PlayerOutputs
        public static let name = "player.setOutput"
    }
    /// `player.playFromSearch`: plays what a spoken "play …" means (SPEC §15).
    public enum PlayerPlayFromSearch: RPCMethod {
        public typealias Params = PlayerPlayFromSearchParams
        public typealias Result = PlayerPlayFromSearchResult
        public static let name = "player.playFromSearch"
    }
    /// `player.sleep`: sets or clears the sleep timer (SPEC §15); the timer set, or no
    /// `endsAt` when cleared.
    public enum PlayerSleep: RPCMethod {
        public typealias Params = PlayerSleepParams
        public typealias Result = SleepState
        public static let name = "player.sleep"
    }
    /// `events.subscribe`: chooses the event topics of this connection.
    public enum EventsSubscribe: RPCMethod {
        public typealias Params = SubscribeParams
        public typealias Result = Empty
        public static let name = "events.subscribe"
    }

    /// Every method, in SPEC order.
    public static let all: [any RPCMethod.Type] = [
        DaemonInfoMethod.self, RemoteSend.self, RemoteList.self, RemoteSetEnabled.self, NowPlayingGet.self, QueueGet.self, QueueSet.self,
        QueueAppend.self, QueueRemove.self, QueueMove.self, QueueClear.self, QueuePlayIndex.self,
        LibraryChildren.self, LibraryItem.self, LibraryCount.self, LibraryItemForIdentifier.self, LibraryPlay.self,
        LibrarySearch.self, LibraryScan.self, LibraryProblems.self, LibraryStats.self, ContextGet.self, ContextSet.self,
        SandboxOpen.self, SandboxClose.self, SandboxRoute.self, SandboxWait.self, SessionOpen.self, SessionConfigure.self, SessionActivate.self,
        SessionDeactivate.self, SessionClose.self,
        SessionList.self, SessionPromptStyle.self, PromptPlay.self, PlayerVolumeGet.self, PlayerSetVolume.self,
        PlayerOutputsGet.self, PlayerSetOutput.self, PlayerReplayGainGet.self, PlayerSetReplayGain.self,
        RadioList.self, RadioAdd.self, RadioRemove.self, ChaptersGet.self, PlayerChapter.self, PodcastSubscribe.self,
        PodcastUnsubscribe.self, PodcastList.self, PodcastRefresh.self, PodcastEpisodes.self, PodcastMarkPlayed.self,
        PodcastImportOPML.self, PodcastExportOPML.self, PlayerPlayFromSearch.self, PlayerSleep.self, EventsSubscribe.self,
    ]
}

/// Every event notification of the protocol.
public enum Events {
    /// `nowPlaying.changed`: the now-playing dictionary changed discretely.
    public enum NowPlayingChanged: RPCEvent {
        public typealias Params = NowPlayingState
        public static let name = "nowPlaying.changed"
        public static let topic = EventTopic.nowPlaying
    }
    /// `queue.changed`: the queue or its current index changed.
    public enum QueueChangedEvent: RPCEvent {
        public typealias Params = QueueChanged
        public static let name = "queue.changed"
        public static let topic = EventTopic.queue
    }
    /// `remote.changed`: a command's enabled flag or properties changed.
    public enum RemoteChangedEvent: RPCEvent {
        public typealias Params = RemoteChanged
        public static let name = "remote.changed"
        public static let topic = EventTopic.remote
    }
    /// `session.interruption`: an interruption of a session began or ended.
    public enum SessionInterruptionEvent: RPCEvent {
        public typealias Params = SessionInterruption
        public static let name = "session.interruption"
        public static let topic = EventTopic.session
    }
    /// `session.gain`: the gain of a session's streams changed.
    public enum SessionGainEvent: RPCEvent {
        public typealias Params = SessionGain
        public static let name = "session.gain"
        public static let topic = EventTopic.session
    }
    /// `session.promptStyle`: the prompt style changed.
    public enum SessionPromptStyleEvent: RPCEvent {
        public typealias Params = PromptStyleResult
        public static let name = "session.promptStyle"
        public static let topic = EventTopic.session
    }
    /// `session.changed`: a session of the daemon's own arbiter was opened (another program's
    /// stream adopted, among others), changed state, or closed.
    public enum SessionChangedEvent: RPCEvent {
        public typealias Params = SessionChanged
        public static let name = "session.changed"
        public static let topic = EventTopic.session
    }
    /// `session.advisory`: a session is used in a way that is probably a mistake.
    public enum SessionAdvisoryEvent: RPCEvent {
        public typealias Params = SessionAdvisory
        public static let name = "session.advisory"
        public static let topic = EventTopic.session
    }
    /// `route.changed`: the output device went away or a new one appeared.
    public enum RouteChangedEvent: RPCEvent {
        public typealias Params = RouteChanged
        public static let name = "route.changed"
        public static let topic = EventTopic.route
    }

    /// `context.changed`: the content limits changed.
    public enum ContextChangedEvent: RPCEvent {
        public typealias Params = ContentLimitsPayload
        public static let name = "context.changed"
        public static let topic = EventTopic.context
    }
    /// `library.scanProgress`: how far a running scan is.
    public enum LibraryScanProgressEvent: RPCEvent {
        public typealias Params = LibraryScanProgress
        public static let name = "library.scanProgress"
        public static let topic = EventTopic.library
    }
    /// `library.changed`: the library's contents changed: a scan's files, or a station kept
    /// or removed (`radio.add`, `radio.remove`).
    public enum LibraryChangedEvent: RPCEvent {
        public typealias Params = LibraryScanResult
        public static let name = "library.changed"
        public static let topic = EventTopic.library
    }
    /// `podcast.refreshed`: a show's refresh found new episodes (SPEC §12).
    public enum PodcastRefreshedEvent: RPCEvent {
        public typealias Params = PodcastRefreshed
        public static let name = "podcast.refreshed"
        public static let topic = EventTopic.library
    }

    /// Every event, in SPEC order.
    public static let all: [any RPCEvent.Type] = [
        NowPlayingChanged.self, QueueChangedEvent.self, RemoteChangedEvent.self, SessionInterruptionEvent.self,
        SessionGainEvent.self, SessionPromptStyleEvent.self, SessionAdvisoryEvent.self, SessionChangedEvent.self,
        RouteChangedEvent.self,
        ContextChangedEvent.self, LibraryScanProgressEvent.self, LibraryChangedEvent.self, PodcastRefreshedEvent.self,
    ]
}
