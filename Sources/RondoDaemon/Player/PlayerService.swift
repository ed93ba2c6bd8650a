import Audio
import Focus
import Foundation
import Library
import Logging
import Playback
import TagReading

/// Glues the pure ``Player`` to the ``PlaybackEngine``: takes commands and queue edits
/// from the router, lets the player decide, carries out its effects on the real output
/// and publishes what changed.
///
/// Ownership: the actor owns the player state and decides; it waits on nothing. What is
/// slow (reading a file's tags or library row, opening a track and handing it to the
/// engine) is the ``TrackLoader``'s, on its own queue; the actor calls the engine's quick
/// commands itself (pause, seek, rate). Engine and loader notices arrive through ordered
/// streams (``run()``), a loader result for a load asked for again since dropped. Every discrete
/// change is saved to the state store, and while playing the writer saves the position
/// heard every 0.8 s of media (``PositionWatch``), so a restart (even after `kill -9`)
/// finds the queue, modes, rate and position again.
///
/// The player plays only with its audio session (`rondo.player`) active: a decision that
/// would start sound is tried on a copy of the player first, the session is activated, and
/// a refusal (`insufficientPriority` during a call) leaves the player as it was. The
/// session is released `release_after` seconds after sound stops.
actor PlayerService {
    var player = Player()
    let store: PlaybackStateStore?
    /// What listening leaves in the library (plays, resume points, played marks); `nil`
    /// without a library.
    let history: ListeningHistory?
    /// What the listener keeps of the current item in the library, when it is a library track.
    var listening = ListeningRecord()
    /// Feedback set or cleared since the last save (a cleared track must be erased in the store).
    var feedbackChanges: [String: Feedback] = [:]
    /// Writes the state and the library notes off the actor; `nil` without a database.
    nonisolated let persistence: PersistenceWriter?
    /// The now-playing state as last computed, for readers that do not wait for the actor.
    nonisolated let publishedNowPlaying = PublishedPlayerNowPlaying()
    /// The status as last published (``publishStatus()``), for front ends that poll it.
    nonisolated let status = PublishedPlayerStatus()
    /// The sound: the engine in the daemon, a fake in tests.
    nonisolated let engine: any PlaybackControl
    private let notices: AsyncStream<EngineNotice>
    /// Reads files and opens tracks off the actor (``TrackLoader``).
    nonisolated let loader: TrackLoader
    /// What the loader found of each file and what streams said, by location (``metadata(for:)``).
    var descriptions = TrackDescriptions()
    /// The loads and pre-rolls asked of the loader, and who waits on them (``streamOpened()``).
    var loads = LoadTickets()
    /// The output changes asked, one at a time (``setOutput(_:)``).
    var outputMoves = OutputMoves()
    /// How loud tracks play from their ReplayGain tags (`[playback]`, ``setReplayGain(_:)``).
    var replayGain: ReplayGainSettings
    let hub: EventHub
    let sessions: SessionService
    /// When the player's session is released once sound stops (`release_after`, the
    /// sessions' clock); a reload may change it (``setReleaseAfter(_:)``).
    var sessionRelease: SessionRelease
    /// Wakes the loop of timed chores (``run()``) when the player's state may have moved one.
    nonisolated let chores = Alarm()
    /// The wait for an audio server that went away (``retryOutputIfDue()``).
    var recovery: OutputRecovery
    /// Whether the audio server's loss was reported and its return not yet.
    var serverWasLost = false
    /// The audio server's reports, in order (``reported(_:)``).
    nonisolated let serverReports = AsyncStream.makeStream(of: AudioServerEvent.self)
    /// The sink the player is pinned to (`nil`: the server's default, followed), as the
    /// configuration or the listener chose it (``setOutput(_:)``).
    var pulseSink: String?
    /// Where `rondo output default` and `rondo output snapcast` send the music.
    let outputChoices: OutputChoices
    /// The listener's volume for the player, 0 to 1 (``setVolume(_:)``).
    var volume = 1.0
    /// What `[playback] resume_on_output` remembers between changes (``sinkAppeared(_:)``).
    var outputResume: OutputResumeWatch
    /// Whether the player played as of the last change applied.
    var wasPlaying = false
    /// The player's level over time: the transport's fades (`[playback] fade_ms`,
    /// ``fadeOut(then:)``) and the sleep timer's (``setSleep(_:)``).
    var fades: PlayerFades
    /// Whether the engine holds the sound until a stream's bytes come (``EngineEvent/buffering(_:)``).
    var buffering = false
    /// What was done with rates for spoken word (``adjustRateForCurrentItem()``).
    var spokenWordRate = SpokenWordRate()
    /// The wait for the playing item's next chapter (``watchChapterBoundary(from:)``).
    var chapterBoundary: Task<Void, Never>?
    let logger: Logger
    nonisolated let now: @Sendable () -> Double

    /// Creates the service; the engine connects to its output only on the first play.
    /// - Parameters:
    ///   - engine: the sound, and the stream of its notices (``makeEngine(output:sink:)``).
    ///   - outputChoices: where `rondo output default` and `rondo output snapcast` lead.
    ///   - outputResume: which sinks appearing resume playback (`resume_on_output`).
    ///   - fadeMilliseconds: how long pauses, stops, skips and resumes fade (`fade_ms`).
    ///   - resumeWithin: seconds within which a returning audio server resumes playback
    ///     that it interrupted (`resume_within_s`).
    ///   - podcasts: how far spoken word skips, and how near its end an episode counts as played.
    ///   - bytes: opens what a location holds, for the tags of a remote file.
    ///   - episodeChapters: reads a podcast episode's chapters document from its URL.
    ///   - episodeFinished: told once an episode heard to its end is marked played (the
    ///     downloads ahead move on to the next).
    ///   - openTrack: opens and seeks a track on the loader's queue (a test may make it slow).
    init(
        engine: (control: any PlaybackControl, notices: AsyncStream<EngineNotice>), pulseSink: String?,
        outputChoices: OutputChoices = OutputChoices(configured: .null, pulseServer: nil, snapcast: .standard),
        outputResume: OutputResume? = nil, fadeMilliseconds: Int = 0,
        store: PlaybackStateStore?, library: LibraryStore?, artworkDirectory: String,
        sessions: SessionService, releaseAfter: Double, resumeWithin: Double = 30,
        replayGain: ReplayGainSettings = .standard, podcasts: PodcastSettings = PodcastSettings(), hub: EventHub,
        logger: Logger, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        bytes: @escaping ByteSourceOpener = FileByteSource.opener,
        episodeChapters: @escaping @Sendable (String) -> [Chapter] = { _ in [] },
        episodeFinished: @escaping @Sendable () -> Void = {},
        openTrack: @escaping TrackLoader.Opener = { source, position throws(AudioError) in
            try OpenedTrack.open(source, at: position)
        }
    ) {
        self.recovery = OutputRecovery(resumeWithin: resumeWithin)
        self.replayGain = replayGain
        self.pulseSink = pulseSink
        self.outputChoices = outputChoices
        self.outputResume = OutputResumeWatch(rule: outputResume)
        self.fades = PlayerFades(milliseconds: fadeMilliseconds)
        self.store = store
        let persistence = store.map { store in PersistenceWriter(logger: logger) { state in _ = try store.save(state) } }
        self.persistence = persistence
        self.loader = TrackLoader(
            engine: engine.control, library: library, artwork: ArtworkCache(directory: artworkDirectory), bytes: bytes,
            episodeChapters: episodeChapters, logger: logger, open: openTrack)
        self.engine = engine.control
        self.notices = engine.notices
        self.sessions = sessions
        self.sessionRelease = SessionRelease(after: releaseAfter)
        self.history = library.map { library in
            ListeningHistory(
                library: library, writer: persistence, playedAtRemaining: podcasts.playedAtRemaining, episodeFinished: episodeFinished)
        }
        self.hub = hub
        self.logger = logger
        self.now = now
        player.skipIntervals = SkipIntervals(spokenBack: podcasts.skipBack, spokenForward: podcasts.skipForward)
    }

    /// The daemon's engine on the audio server's connection, its streams tagged with the
    /// player's session, and the stream of its notices.
    static func makeEngine(
        server: AudioServer, sink: String?, bytes: @escaping ByteSourceOpener = FileByteSource.opener
    ) -> (control: any PlaybackControl, notices: AsyncStream<EngineNotice>) {
        let (notices, continuation) = AsyncStream.makeStream(of: EngineNotice.self)
        let engine = PlaybackEngine(
            server: server, sink: sink,
            streamProperties: [SessionAudioControl.sessionProperty: SessionService.playerSession.rawValue], bytes: bytes
        ) { continuation.yield($0) }
        return (engine, notices)
    }

    /// Handles engine notices, what the arbiter says about the player's session and the
    /// audio server's reports, each in order, and does the timed chores when they fall due (``untilNextChore()``), until
    /// cancelled.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await notice in self.notices {
                    // A lost output matters whenever it happens; anything else from an older
                    // generation describes audio that was replaced since.
                    if case .outputLost = notice.event {} else if notice.generation != self.engine.generation { continue }
                    await self.handle(notice.event)
                }
            }
            group.addTask {
                for await notice in self.loader.notices { await self.handle(notice) }
            }
            group.addTask {
                for await notice in self.sessions.playerNotices { await self.handle(notice) }
            }
            group.addTask {
                for await report in self.serverReports.stream { await self.handle(report) }
            }
            group.addTask {
                while !Task.isCancelled {
                    await self.chores.sleep(upTo: await self.untilNextChore())
                    await self.releaseSessionWhenIdle()
                    await self.retryOutputIfDue()
                    await self.sleepIfDue()
                }
            }
        }
    }

    /// Seconds until the next timed chore — the release of the session once sound has
    /// stopped, an attempt to reach a lost audio server, a step of the sleep timer — or `nil` when none waits: the
    /// loop then sleeps until a change rings ``chores``. A chore whose time is not set yet
    /// is due at once, to set it.
    private func untilNextChore() -> Double? {
        let clock = sessions.now()
        var waits: [Double] = []
        if let attempt = recovery.nextAttemptAt { waits.append(attempt - now()) }
        if let sleep = untilSleepStep() { waits.append(sleep) }
        if player.state != .playing, sessions.playerIsActive {
            waits.append(sessionRelease.untilDue(from: clock))
        }
        return waits.min().map { max(0.01, $0) }
    }

    /// A service let go of without ``shutDown()`` (a daemon made and never run) still stops
    /// the engine's thread, which must not outlive the engine.
    deinit {
        loader.close()
        engine.shutDown()
        persistence?.close()
    }

    /// Saves the state, stops sound and the engine's thread; called on shutdown.
    func shutDown() {
        settleLoads()
        observeOutput()
        persist()
        keepResumePoint()
        persistence?.close()
        loader.close()
        engine.shutDown()
    }

    /// `playing, 12 queued`: the line systemd shows for the daemon.
    func statusLine() -> String {
        "\(player.state.rawValue), \(player.queue.count) queued"
    }

    /// Whether PulseAudio is connected.
    nonisolated var isPulseConnected: Bool { engine.isConnected }

    // MARK: Applying decisions

    /// Carries out the command center's effects: output speed, feedback, `remote.changed`.
    func apply(_ effects: [RemoteEffect]) {
        for effect in effects {
            switch effect {
            case .setRate(let rate): engine.setRate(rate)
            case .scan(let direction): engine.scan(direction)
            case .endScan: engine.endScan()
            case .storeFeedback(let location, let feedback): feedbackChanges[location] = feedback
            case .remoteChanged: hub.publish(.commands(remoteCommands()))
            }
        }
    }

    /// Carries out effects in order and saves the state; returns a failed status when the
    /// output is missing. A track to load or pre-roll is handed to the loader; what
    /// becomes of it comes back as a ``LoaderNotice``.
    @discardableResult
    func apply(_ effects: [PlayerEffect]) -> CommandResult? {
        var failure: CommandResult?
        var pending = effects[...]
        while let effect = pending.popFirst() {
            switch effect {
            case .load(let entry, let position, let playing):
                finishFadeOut()
                buffering = false
                if let followUp = load(entry, position: position, playing: playing) {
                    failure = CommandResult(.deviceNotFound, reason: .pulseUnavailable)
                    if playing { recovery.outputLost(at: now()) }
                    pending = (followUp + pending.filter { !$0.isPrepareNext })[...]
                }
            case .resume:
                // A track still being opened, or one loaded, plays on, unless the audio server
                // is known gone (its stream may not have failed yet). Otherwise the core says
                // what to do (an output lost while paused is found by the engine here): load
                // the entry again from where it was, and prepare what follows again.
                if engine.isConnected
                    && (loader.adjustPending({ $0.playing = true }) || (engine.isLoaded && fadeIn(resuming: { engine.resume() })))
                {
                    break
                }
                pending.insert(contentsOf: player.handle(.resumeFailed, at: now()), at: pending.startIndex)
            case .pause:
                observeOutput(evenWhenPaused: true)
                _ = loader.adjustPending { $0.playing = false }
                fadeOut { [engine] in engine.pause() }
            case .stop:
                buffering = false
                loader.cancel()
                settleLoads()
                loads.pendingLoad = nil
                fadeOut { [engine] in engine.stop() }
            case .seek(let position):
                finishFadeOut()
                buffering = false
                guard !loader.adjustPending({ $0.position = position }) else { break }
                do { try engine.seek(to: position) } catch { logger.warning("\(error)") }
            case .prepareNext(let entry):
                loads.pendingPrepare = loader.prepareNext(entry.map(loadRequest(for:)))
            case .nowPlayingChanged, .queueChanged:
                announce(effect)
            }
        }
        if player.state == .playing, let current = player.queue.current {
            sessionRelease.cancel()
            sessions.setPlayerMode(spokenAudio: isSpokenWord(current))
        }
        adjustRateForCurrentItem()
        persist()
        noteListening()
        noteStops()
        chores.ring()
        return failure
    }

    /// Publishes `route.changed`: the player's output moved, went or came back.
    func announceRoute(_ change: RouteChange, from previous: String?, to sink: String?) {
        hub.publish(.playerRoute(change, previousSink: previous, sink: sink))
    }

    /// Publishes what changed: the now-playing state or the queue (its status first).
    func announce(_ effect: PlayerEffect) {
        switch effect {
        case .nowPlayingChanged:
            let moment = now()
            hub.publish(.nowPlaying(nowPlayingState(at: moment)))
            watchChapterBoundary(from: moment)
        case .queueChanged:
            publishStatus()
            hub.publish(.queue(index: player.queue.currentIndex, count: player.queue.count))
        default:
            break
        }
    }

    private func handle(_ event: EngineEvent) {
        // The end of a track fading out for a load that replaces it: the load plays next.
        if case .reachedEnd = event, fades.fadedOutForLoad, loads.pendingLoad != nil { return }
        let effects: [PlayerEffect]
        if case .advanced = event { markCurrentFinished() } else if case .reachedEnd = event { markCurrentFinished() }
        switch event {
        case .advanced(let id):
            if let entry = player.queue.entries.first(where: { $0.id == id }) {
                _ = player.setMetadata(metadata(for: entry), for: id)
            }
            effects = player.handle(.advanced(to: id), at: now())
        case .reachedEnd:
            effects = player.handle(.reachedEnd, at: now())
        case .failed(let id, let reason):
            logger.warning("skipping a track that cannot be decoded: \(reason)")
            effects = player.handle(.failed(id), at: now())
        case .outputLost(let reason):
            logger.error("audio output lost: \(reason)")
            if player.state == .playing { recovery.soundStopped(at: now()) }
            effects = player.handle(.outputLost, at: now())
        case .buffering(let waiting):
            waitingForNetwork(waiting)
            return
        case .metadata(let id, let said):
            streamSaid(said, entry: id)
            return
        }
        apply(effects)
    }
}

extension PlayerEffect {
    /// Whether this is a gapless pre-roll request, which a later decision supersedes.
    fileprivate var isPrepareNext: Bool {
        if case .prepareNext = self { return true }
        return false
    }
}
