import Foundation
import Glibc
import Synchronization

/// What a ``FaultProxy`` does to the bytes it relays now; set by the proxy's owner, read
/// by every relay between reads.
struct FaultPolicy: Sendable {
    /// Until when no byte passes.
    var stalledUntil: ContinuousClock.Instant?
    /// At most this many answer bytes per second, per connection.
    var trickleRate: Int?
    /// A connection accepted while this is set ends after this many answer bytes.
    var cutAfterBytes: Int?
    /// Connections accepted so far.
    var accepted = 0
    /// The open connections by number.
    var open: [Int: ProxiedConnection] = [:]
    /// Whether the proxy stopped.
    var isStopped = false
}

/// The listener, the policy and the open connections of a ``FaultProxy``: what its
/// threads share. The proxy owns it; its accepting thread and the relays hold it only
/// until the proxy stops, so the proxy's end stops them.
///
/// The listening descriptor is closed by the accepting thread as it ends.
final class FaultProxyCore: Sendable {
    /// The port it listens on.
    let port: Int
    /// Where connections go.
    let targetPort: Int
    /// The settings and the open connections, under one lock.
    let policy = Mutex(FaultPolicy())
    private let listener: Int32
    private let acceptorEnded = Atomic<Bool>(false)

    init(targetPort: Int) throws {
        self.targetPort = targetPort
        let bound = try LoopbackSocket.listen()
        listener = bound.descriptor
        port = bound.port
    }

    /// Starts the thread that accepts and relays connections.
    func startAccepting() {
        Thread { [self] in
            acceptUntilStopped()
            close(listener)
            acceptorEnded.store(true, ordering: .sequentiallyConsistent)
        }.start()
    }

    /// Asks every open connection to end with `ending` and waits (up to 2 s) until they have.
    func cutAll(_ ending: FaultProxy.Ending) {
        let connections = policy.withLock { Array($0.open.values) }
        for connection in connections { connection.requestEnd(ending) }
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, policy.withLock({ state in connections.contains { state.open[$0.number] != nil } }) {
            usleep(5000)
        }
    }

    /// Stops accepting, ends every connection and waits (up to 2 s) for the listener to close.
    func stop() {
        let alreadyStopped = policy.withLock { state in
            defer { state.isStopped = true }
            return state.isStopped
        }
        guard !alreadyStopped else { return }
        cutAll(.close)
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline, !acceptorEnded.load(ordering: .sequentiallyConsistent) { usleep(5000) }
    }

    /// Whether no byte may pass now.
    var isStalled: Bool {
        guard let until = policy.withLock({ $0.stalledUntil }) else { return false }
        return ContinuousClock.now < until
    }

    /// Forgets a connection that has ended.
    func ended(_ connection: ProxiedConnection) {
        policy.withLock { _ = $0.open.removeValue(forKey: connection.number) }
    }

    private func acceptUntilStopped() {
        while !policy.withLock({ $0.isStopped }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) == 1 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard let upstream = try? LoopbackSocket.connect(port: targetPort) else {
                close(client)
                continue
            }
            let connection = policy.withLock { state -> ProxiedConnection? in
                guard !state.isStopped else { return nil }
                state.accepted += 1
                let connection = ProxiedConnection(
                    number: state.accepted, client: client, upstream: upstream, cutAfterBytes: state.cutAfterBytes, core: self)
                state.open[connection.number] = connection
                return connection
            }
            guard let connection else {
                close(client)
                close(upstream)
                return
            }
            Thread { connection.relay() }.start()
        }
    }
}
