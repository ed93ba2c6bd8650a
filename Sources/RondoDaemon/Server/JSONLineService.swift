import LineServing
import Logging
import RondoProtocol
import RondoRouting

/// The daemon socket's door (SPEC §2): an admitted client is served NDJSON JSON-RPC by a
/// ``ClientConnection``; one over `max_clients` is answered with an `isBusy` error line, one
/// of another user with a `permissionDenied` line.
///
/// Ownership: called only on the request loop's thread, by its ``LineAcceptor``.
final class JSONLineService: LineService, @unchecked Sendable {
    let clientName = "client"
    private let loop: RequestLoop
    private let router: Router
    private let hub: EventHub
    private let logger: Logger
    private let onDisconnect: @Sendable (Int) -> Void

    /// Serves clients on `loop` through `router`; `onDisconnect` is told each connection's
    /// number once it has closed (its sessions end with it).
    init(loop: RequestLoop, router: Router, hub: EventHub, logger: Logger, onDisconnect: @escaping @Sendable (Int) -> Void) {
        self.loop = loop
        self.router = router
        self.hub = hub
        self.logger = logger
        self.onDisconnect = onDisconnect
    }

    func refusal(_ reason: LineRefusal) -> [UInt8] {
        switch reason {
        case .full(let maxClients):
            router.refusalReply(
                RPCError(
                    .isBusy,
                    "rondod already serves its maximum of \(maxClients) clients; close one, or raise max_clients in rondo.toml (and the open-file limit)"
                ))
        case .otherUser:
            router.refusalReply(RPCError(.permissionDenied, "only the user who runs rondod may connect; run rondo as that user"))
        }
    }

    func serve(id: Int, socket: Int32, peer: PeerCredentials?, listener: LineListener, ended: @escaping () -> Void)
        -> any LineConnection
    {
        ClientConnection(
            id: id, socket: socket, peerProcess: peer?.pid ?? 0, loop: loop, router: router, hub: hub, logger: logger
        ) { _ in ended() }
    }

    func connectionEnded(_ id: Int) {
        onDisconnect(id)
    }
}
