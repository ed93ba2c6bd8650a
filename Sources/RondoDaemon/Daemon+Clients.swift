import Foundation
import Logging
import RondoMPD
import RondoMPRIS
import RondoProtocol
import RondoRouting
import RondoView
import ServiceLifecycle

/// The daemon's parts that serve clients: the socket, MPD's protocol, MPRIS and the
/// head-unit view.
extension Daemon {
    /// Binds the socket (or takes the one systemd passed) and serves clients, once the
    /// restored item is described and the head-unit view listens (or cannot, or is off), so
    /// the first client finds everything up; tells systemd the daemon is ready once it accepts them. Stopping closes every
    /// connection.
    /// - Throws (from `run`): ``InstanceLockError/socketInUse(path:)`` when a process that
    ///   holds no lock serves the socket path, or the error of binding the socket.
    func socketPart(router: Router, notifier: ServiceManagerNotifier) -> DaemonPart {
        let socket = listeningSocket()
        let openFiles = OpenFileLimit.raiseToHardLimit()
        let maxClients = OpenFileLimit.clientCap(configured: options.maxClients, softLimit: openFiles)
        if maxClients < options.maxClients {
            logger.notice("serving at most \(maxClients) clients, not max_clients \(options.maxClients): the open-file limit is \(openFiles)")
        }
        let server = SocketServer(
            socket: socket, router: router, hub: hub, maxClients: maxClients, logger: logger
        ) { [sessions] connection in sessions.connectionClosed(connection) }
        return DaemonPart("socket server", logger: logger) { [player, logger, options, viewAddress] in
            // The restored item is described first (its library row, its chapters), so the
            // first client sees what is paused, as `rondo status` before the restart did;
            // a file slow to read (a sleeping disk, a hung network mount) holds the socket
            // back for a second at most, and is described once it answers.
            let (described, done) = AsyncStream<Void>.makeStream()
            Task {
                await player.written()
                done.finish()
            }
            Task {
                try? await Task.sleep(for: .seconds(1))
                done.finish()
            }
            for await _ in described {}
            let readyStatus = await player.statusLine()
            await viewAddress.settled()
            if Task.isCancelled { return }
            try await server.run {
                let how = if case .inherited = socket { " (socket from systemd)" } else { "" }
                logger.info("rondod \(Self.version) listening on \(options.socketPath)\(how)")
                notifier.ready(status: readyStatus)
            }
        }
    }

    /// Serves MPD clients when `[mpd] enabled`: a socket that cannot be bound is logged and
    /// left off, the daemon serving on.
    func mpdPart() -> DaemonPart {
        DaemonPart("MPD clients", logger: logger) { [options, player, library, hub, logger] in
            guard options.mpd.enabled else { return }
            let board = MPDIdleBoard(player: player)
            hub.observe { board.observe($0) }
            let saved = MPDSavedPlaylists(
                directory: (options.databasePath as NSString).deletingLastPathComponent + "/playlists", store: library.store,
                logger: logger)
            saved.synchronize()
            let commands = MPDCommands(
                player: player, library: library, board: board, paths: MPDPaths(musicDirectory: options.musicDirectory),
                saved: saved,
                password: options.mpd.password, started: Date().timeIntervalSince1970, executor: LibraryReads.executor)
            let server = MPDServer(
                socketPath: options.mpdSocketPath, settings: options.mpd, commands: commands, board: board,
                maxClients: min(options.maxClients, 1024), logger: logger)
            do {
                try await server.run()
            } catch {
                logger.error("MPD clients not served: \(error)")
            }
        }
    }

    /// Offers the player on the D-Bus session bus when `[mpris] enabled`.
    func mprisPart() -> DaemonPart {
        DaemonPart("MPRIS", logger: logger) {
            let mpris = await self.startMPRIS()
            try? await gracefulShutdown()
            mpris?.stop()
        }
    }

    /// Drives other programs' MPRIS players while other programs' streams are adopted.
    func foreignPlayersPart() -> DaemonPart {
        DaemonPart("other programs' players", logger: logger) {
            guard let players = self.foreignPlayers else { return }
            players.start()
            try? await gracefulShutdown()
            players.stop()
        }
    }

    /// Serves the head-unit view when `--view` is not off.
    func viewPart(router: Router) -> DaemonPart {
        DaemonPart("head-unit view", logger: logger) {
            guard case .address(let address) = self.options.viewListen else { return self.viewAddress.settle() }
            await self.serveView(on: address, router: router)
        }
    }

    /// Offers the player on the D-Bus session bus when `[mpris] enabled`, fed by the event
    /// hub from now on; `nil` when disabled.
    func startMPRIS() async -> MPRISService? {
        guard options.mprisEnabled else { return nil }
        let mpris = MPRISService(player: player, logger: logger)
        let feed = MPRISFeed(mpris)
        hub.observe { feed.observe($0) }
        mpris.update(nowPlaying: await player.nowPlaying())
        mpris.update(commands: await player.remoteCommands())
        mpris.start()
        return mpris
    }

    /// Serves the head-unit view until cancelled; a view that cannot listen is logged and
    /// left off, the socket serving on.
    func serveView(on address: ViewAddress, router: Router) async {
        let token = ViewToken(socketPath: options.socketPath)
        do {
            try token.write()
        } catch {
            logger.error("the head-unit view is off: cannot write its token to \(token.path): \(error)")
            return viewAddress.settle()
        }
        defer {
            token.remove()
            viewAddress.set(nil)
        }
        let backend = DaemonViewBackend(
            router: router, hub: hub, sessions: sessions, artworkDirectory: options.cacheDirectory)
        let server = ViewServer(address: address, token: token.value, backend: backend, logger: logger)
        do {
            try await server.run { [logger, viewAddress] port in
                let bound = ViewAddress(host: address.host, port: port).description
                viewAddress.set(bound)
                logger.info("head-unit view on http://\(bound)/ (rondo view prints its address with the token)")
            }
        } catch {
            logger.error("the head-unit view cannot listen on \(address): \(error); the socket serves on")
            viewAddress.settle()
        }
    }

    /// The socket systemd passed, else the configured path (its directory made safe at start).
    func listeningSocket() -> ListeningSocket {
        if let inheritedSocket { return .inherited(inheritedSocket) }
        return .path(options.socketPath)
    }
}
