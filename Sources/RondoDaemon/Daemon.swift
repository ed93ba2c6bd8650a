import Audio
public import Focus
import Foundation
import Library
public import Logging
import RondoMPRIS
import RondoProtocol
import RondoRouting
import RondoView
public import ServiceLifecycle
import Streams
public import UnixSignals

/// The running daemon: its services, the router that reaches them and the socket server.
///
/// ``run()`` serves until graceful shutdown (SIGTERM/SIGINT through the service group in
/// `rondod`) or cancellation, then stops sound and removes the socket (unless systemd passed
/// it). SIGHUP reloads the configuration (``ConfigurationReloader``).
public final class Daemon: Sendable {
    /// The daemon's version string.
    public static let version = "0.1.0"

    let options: DaemonOptions
    let logger: Logger
    let hub = EventHub()
    /// The one connection to the audio server: the first part to start, the last to stop.
    let audioServer: AudioServer
    let player: PlayerService
    let sessions: SessionService
    /// Other programs' MPRIS players, paused while their adopted streams are interrupted;
    /// `nil` when no stream is adopted (`[focus] adopt = "off"`).
    let foreignPlayers: ForeignPlayers?
    let prompts: PromptService
    let library: LibraryService
    let podcasts: PodcastService
    let reloader: ConfigurationReloader
    /// The listening socket systemd passed, when socket-activated.
    let inheritedSocket: InheritedSocket?
    /// Held while the daemon lives: no second daemon serves its socket or writes its database.
    let locks: [InstanceLock]
    /// The damaged database found at start and moved aside, when there was one.
    let movedAsideDatabase: MovedAsideDatabase?
    /// The library and state database, closed last at shutdown.
    let database: LibraryDatabase?
    let startedAt = Date()
    /// Where the head-unit view listens once bound.
    let viewAddress = BoundViewAddress()

    /// Creates the daemon; nothing is bound or played until ``run()``.
    /// - Parameters:
    ///   - options: where to serve, what to play, and the tunables of SPEC §1.
    ///   - policy: the focus policy in force (`prompt_hold_s` in `options`, when set, overrides its own).
    ///   - source: where `options` came from, read again on SIGHUP.
    ///   - logThreshold: the log threshold of every handler, which a reload sets.
    ///   - logger: where the daemon logs.
    /// - Throws: ``SocketActivationError`` when systemd passed a socket rondod cannot serve on;
    ///   ``UnsafeSocketDirectoryError`` when another user could change the socket's directory;
    ///   ``InstanceLockError`` when another daemon serves the socket or uses the database.
    public init(
        options: DaemonOptions, policy: FocusPolicy, source: ConfigurationSource, logThreshold: LogThreshold,
        logger: Logger
    ) throws {
        var options = options
        inheritedSocket = try SocketActivation.take(environment: ProcessInfo.processInfo.environment)
        if let path = inheritedSocket?.path, path != options.socketPath {
            logger.notice("serving on \(path), the socket systemd passed, instead of \(options.socketPath)")
            options.socketPath = path
        }
        if inheritedSocket == nil { try SocketDirectory(socketPath: options.socketPath).prepare() }
        var locks = [try InstanceLock(guarding: options.socketPath, what: "socket")]
        let opened = try Self.openDatabase(options.databasePath, locks: &locks, logger: logger)
        self.locks = locks
        movedAsideDatabase = opened.movedAside
        self.options = options
        self.logger = logger
        var policy = policy
        if let promptHoldSeconds = options.promptHoldSeconds { policy.promptHoldSeconds = promptHoldSeconds }
        let environment = ProcessInfo.processInfo.environment
        let configuredOutput = options.output.audioOutput(server: options.pulseServer, snapcast: options.snapcastSource)
        let audioServer = AudioServer(output: configuredOutput)
        self.audioServer = audioServer
        let foreignPlayers = options.adoptionScope == .off ? nil : ForeignPlayers(logger: logger)
        self.foreignPlayers = foreignPlayers
        let sessions = SessionService(
            policy: policy, loadPolicy: { name throws(ConfigError) in try PolicyFiles.load(name, environment: environment) },
            audio: { audioServer.sessionAudio }, hub: hub, logger: logger,
            interruptionFadeMilliseconds: options.fadeMilliseconds, adoptionScope: options.adoptionScope,
            players: foreignPlayers)
        self.sessions = sessions
        let moves = AddressMoves()
        let bytes = options.network.opener(resumeWithin: options.resumeWithin, moves: moves)
        self.prompts = PromptService(sessions: sessions, audioServer: audioServer, pulseSink: options.pulseSink, bytes: bytes)
        let database = opened.database
        self.database = database
        let library = LibraryService(
            database: database, musicDirectory: options.musicDirectory,
            tagReader: LibraryTagReader(artworkCache: ArtworkCache(directory: options.cacheDirectory)), hub: hub, logger: logger)
        self.library = library
        podcasts = PodcastService(
            store: library.store, network: options.network, settings: options.podcasts,
            downloadDirectory: options.podcastDirectory, hub: hub, logger: logger, moves: moves)
        self.player = PlayerService(
            engine: PlayerService.makeEngine(server: audioServer, sink: options.pulseSink, bytes: bytes), pulseSink: options.pulseSink,
            outputChoices: OutputChoices(configured: configuredOutput, pulseServer: options.pulseServer, snapcast: options.snapcastSource),
            outputResume: options.resumeOnOutput.map { OutputResume(pattern: $0, window: options.resumeOnOutputWithin) },
            fadeMilliseconds: options.fadeMilliseconds,
            store: database.map(PlaybackStateStore.init(database:)), library: library.store,
            artworkDirectory: options.cacheDirectory, sessions: sessions, releaseAfter: options.releaseAfter,
            resumeWithin: options.resumeWithin, replayGain: options.replayGain, podcasts: options.podcasts, hub: hub,
            logger: logger, bytes: bytes,
            episodeChapters: { [options] url in EpisodeChapters.fetch(url, options: options.network.documentOptions) },
            episodeFinished: { [podcasts] in podcasts.episodesChanged() },
            openTrack: { source, position throws(AudioError) in try OpenedTrack.open(source, at: position, bytes: bytes) })
        let player = self.player
        podcasts.whenEpisodesRevised { identifiers in await player.episodesRevised(identifiers) }
        audioServer.observe { event in
            sessions.reported(event)
            player.reported(event)
        }
        self.reloader = ConfigurationReloader(
            source: source, options: options, threshold: logThreshold, sessions: sessions, player: player,
            logger: logger)
    }

    /// The database of the library and the playback state, locked for this daemon alone, or
    /// `nil` (nothing is then kept and the library is empty) when the file cannot be opened
    /// or locked; the reason is logged. A damaged file is moved aside and a new one made.
    /// - Throws: ``InstanceLockError/held(resource:what:lockFile:pid:)`` when another daemon uses it.
    private static func openDatabase(
        _ path: String, locks: inout [InstanceLock], logger: Logger
    ) throws(InstanceLockError) -> (database: LibraryDatabase?, movedAside: MovedAsideDatabase?) {
        let unavailable = "playback state will not survive a restart and the library is unavailable"
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        do {
            locks.append(try InstanceLock(guarding: path, what: "database"))
        } catch {
            if case .held = error { throw error }
            logger.error("\(error); \(unavailable)")
            return (nil, nil)
        }
        do {
            let opened = try LibraryDatabase.openMovingAsideDamage(path: path)
            if let moved = opened.movedAside {
                logger.error(
                    "the database \(path) was unusable (\(moved.reason)); moved it to \(moved.path) and started a new one; the music directory is scanned again"
                )
            }
            return opened
        } catch {
            logger.error("\(error); \(unavailable)")
            return (nil, nil)
        }
    }

    /// The daemon as a `ServiceGroup` of its ``parts()`` (the saved state restored first),
    /// in which every part's end (an error, or a part that stops) shuts the whole daemon
    /// down in order.
    /// - Parameter gracefulShutdownSignals: the signals that stop it (SIGTERM, SIGINT).
    public func serviceGroup(gracefulShutdownSignals: [UnixSignal]) async -> ServiceGroup {
        let services = await parts().map {
            ServiceGroupConfiguration.ServiceConfiguration(
                service: $0, successTerminationBehavior: .gracefullyShutdownGroup,
                failureTerminationBehavior: .gracefullyShutdownGroup)
        }
        return ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: gracefulShutdownSignals, logger: logger))
    }

    /// Restores the saved playback state (and queues the demo's tracks), then returns the
    /// daemon's parts in the order they start: audio server, library, podcasts, sessions, player,
    /// socket server, MPD clients, MPRIS, view, configuration reloads (SIGHUP), systemd notifications.
    /// Run them as a `ServiceGroup`: graceful shutdown (SIGTERM) stops them in reverse, so
    /// systemd hears `STOPPING=1` first, clients are closed (their sessions end) before the
    /// player saves its state, sessions give programs their level back before the audio
    /// connection goes, the database closes next and the audio server's connection last.
    func parts() async -> [DaemonPart] {
        // SIGHUP is trapped first thing: one that comes while the state is restored reloads
        // once the parts run instead of ending the daemon.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        await player.restore(resumingPlayback: options.restorePlaying)
        if !options.initialQueue.isEmpty {
            _ = try? await player.replace(options.initialQueue)
            logger.info("queued \(options.initialQueue.count) demo tracks; start them with: rondo play")
        }
        let router = makeRouter()
        let notifier = ServiceManagerNotifier(environment: ProcessInfo.processInfo.environment)
        return [
            audioServerPart(), libraryPart(), podcastsPart(), sessionsPart(), playerPart(), socketPart(router: router, notifier: notifier),
            mpdPart(), mprisPart(), foreignPlayersPart(),
            viewPart(router: router), reloadPart(hangups), serviceManagerPart(notifier),
        ]
    }

    /// Keeps the connection to the audio server up, reconnecting after it goes away; closes
    /// it last of all.
    private func audioServerPart() -> DaemonPart {
        DaemonPart(
            "audio server", logger: logger, serve: { [audioServer] in audioServer.start() },
            stop: { [audioServer] in audioServer.shutDown() })
    }

    /// Scans the demo's tracks (or refills a database made in place of a damaged one) at
    /// start; closes the database on the way out.
    private func libraryPart() -> DaemonPart {
        // The demo's few tracks are scanned so that they can be browsed at once; a user's
        // music directory is scanned when asked (`rondo library scan`).
        let scansAtStart = !options.initialQueue.isEmpty || movedAsideDatabase != nil
        return DaemonPart(
            "music library", logger: logger,
            serve: { [library] in if scansAtStart { await library.scanAtStart() } },
            stop: { [database, logger] in
                // Closing checkpoints the write-ahead log into the main file: a clean stop leaves
                // one file behind. A scan still winding down keeps it open; the log is then kept.
                do {
                    try database?.close()
                } catch {
                    logger.notice("database left with its write-ahead log: \(error)")
                }
            })
    }

    /// Refreshes the subscribed podcasts on their schedule until the daemon stops.
    private func podcastsPart() -> DaemonPart {
        DaemonPart("podcasts", logger: logger, serve: { [podcasts] in await podcasts.runSchedule() })
    }

    /// Carries session reports from the audio server; on the way out gives every session's
    /// streams their level back.
    private func sessionsPart() -> DaemonPart {
        DaemonPart("audio sessions", logger: logger, serve: { [sessions] in await sessions.run() }, stop: { [sessions] in sessions.shutDown() })
    }

    /// Follows the engine and the arbiter, saving the position while playing; on the way out
    /// saves the state and stops sound.
    private func playerPart() -> DaemonPart {
        DaemonPart(
            "player", logger: logger,
            serve: { [player] in await player.run() },
            stop: { [player] in await player.shutDown() })
    }

    /// Reloads the configuration on SIGHUP.
    private func reloadPart(_ hangups: UnixSignalsSequence) -> DaemonPart {
        DaemonPart("configuration reloads", logger: logger) { [reloader] in
            let notifier = ServiceManagerNotifier(environment: ProcessInfo.processInfo.environment)
            for await _ in hangups {
                notifier.reloading()
                await reloader.reload()
                notifier.reloaded()
            }
        }
    }

    /// Pings systemd's watchdog and tells it the player's state; says `STOPPING=1` first
    /// thing on the way out.
    private func serviceManagerPart(_ notifier: ServiceManagerNotifier) -> DaemonPart {
        DaemonPart("systemd notifications", logger: logger, serve: { await self.tellServiceManager(notifier) }, stop: { notifier.stopping() })
    }

    /// Pings systemd's watchdog at half its interval, and tells it the player's state when
    /// it changes, until cancelled; does nothing outside systemd.
    private func tellServiceManager(_ notifier: ServiceManagerNotifier) async {
        guard notifier.socketPath != nil else { return }
        let interval = notifier.watchdogInterval ?? .seconds(2)
        var lastStatus = await player.statusLine()
        while !Task.isCancelled {
            try? await Task.sleep(for: min(interval, .seconds(2)))
            if notifier.watchdogInterval != nil { notifier.ping() }
            let status = await player.statusLine()
            if status != lastStatus { notifier.status(status) }
            lastStatus = status
        }
    }

    /// The method table of SPEC §2 bound to the services.
    func makeRouter() -> Router {
        Routes(
            player: player, library: library, podcasts: podcasts, sessions: sessions, prompts: prompts, hub: hub,
            daemonInfo: { [options, startedAt, reloader, movedAsideDatabase, viewAddress, player] in
                DaemonInfo(
                    version: Self.version, pid: Int(getpid()), uptime: Date().timeIntervalSince(startedAt),
                    socket: options.socketPath, database: options.databasePath,
                    musicDirectory: options.musicDirectory, policy: reloader.options.policy,
                    output: options.output.rawValue,
                    pulse: .init(server: options.pulseServer, connected: options.output == .pulse && player.isPulseConnected),
                    damagedDatabase: movedAsideDatabase.map { .init(movedTo: $0.path, reason: $0.reason.description) },
                    view: viewAddress.current.map(DaemonInfo.View.init(address:)))
            }
        ).makeRouter()
    }
}
