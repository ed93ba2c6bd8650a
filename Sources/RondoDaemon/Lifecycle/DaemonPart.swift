import Logging
public import ServiceLifecycle

/// One part of the running daemon (the library, the sessions, the player, the socket
/// server, …) as a service of its `ServiceGroup`, which starts the parts in order and stops
/// them in reverse, each once the one after it has stopped.
///
/// ``run()`` runs `serve` until graceful shutdown (which cancels it) and then `stop`. A part
/// whose work ends before that (a scan at start, a view that cannot listen) waits for the
/// shutdown, so that every part stops in its turn.
public struct DaemonPart: Service {
    /// What the part is, as the order test and the debug log name it.
    public let name: String
    private let serve: @Sendable () async throws -> Void
    private let stop: @Sendable () async -> Void
    private let logger: Logger

    /// Makes a part.
    /// - Parameters:
    ///   - name: what the part is.
    ///   - logger: where its start and stop are logged (debug).
    ///   - serve: its work, cancelled at graceful shutdown; an error it throws stops the daemon.
    ///   - stop: what it does on the way out, after `serve` has ended.
    init(
        _ name: String, logger: Logger, serve: @escaping @Sendable () async throws -> Void,
        stop: @escaping @Sendable () async -> Void = {}
    ) {
        self.name = name
        self.serve = serve
        self.stop = stop
        self.logger = logger
    }

    /// Serves until graceful shutdown, then stops.
    /// - Throws: the error of `serve`, after `stop` has run.
    public func run() async throws {
        logger.debug("\(name) started")
        defer { logger.debug("\(name) stopped") }
        do {
            try await cancelWhenGracefulShutdown { [serve] in
                try await serve()
                try? await gracefulShutdown()
            }
        } catch {
            await stop()
            throw error
        }
        await stop()
    }
}
