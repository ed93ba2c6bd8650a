import Glibc
import NIOCore
import Synchronization

/// Tells whether the client at the other end of a connection is gone, while a long request
/// (a prompt) is still being answered and nothing is read from the connection.
///
/// A closed input alone does not say it: a client that shuts down only its writing side
/// (`printf … | nc -U`) still waits for its replies. The client is gone once its input is
/// closed and its process (from the socket's peer credentials) no longer exists.
///
/// Ownership: the flag is set on the channel's event loop, read from any task.
final class PeerWatch: ChannelInboundHandler, Sendable {
    typealias InboundIn = Frame
    typealias InboundOut = Frame

    private let inputClosed = Atomic<Bool>(false)
    private let peerProcess = Atomic<Int32>(0)

    /// Creates a watch; ``learnPeer(of:)`` then finds the client's process.
    init() {}

    /// Reads the client's credentials from the socket (`SO_PEERCRED`) and keeps its process id.
    /// - Returns: the client's user id, or `nil` when the credentials cannot be read.
    func learnPeer(of channel: any Channel) -> EventLoopFuture<UInt32?> {
        guard let provider = channel as? any SocketOptionProvider else { return channel.eventLoop.makeSucceededFuture(nil) }
        let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(Self.peerCredentialsOption))
        return future.map { credentials -> UInt32? in
            self.peerProcess.store(credentials.pid, ordering: .relaxed)
            return credentials.uid
        }.recover { _ in nil }
    }

    /// `SO_PEERCRED` of Linux, which Glibc's module map leaves out (it needs `_GNU_SOURCE`).
    private static let peerCredentialsOption: Int32 = 17

    /// Whether the client has hung up and its process has exited.
    var isGone: Bool {
        guard inputClosed.load(ordering: .relaxed) else { return false }
        let pid = peerProcess.load(ordering: .relaxed)
        return pid <= 0 || (kill(pid, 0) != 0 && errno == ESRCH)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { inputClosed.store(true, ordering: .relaxed) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        inputClosed.store(true, ordering: .relaxed)
        context.fireChannelInactive()
    }
}

/// Linux's `struct ucred`, laid out the same (Glibc's module map leaves it out).
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}
