import NIOCore
import Synchronization

/// What a client connection has been sent and not yet taken: replies and events, counted
/// from the moment they are queued until the socket has accepted them.
///
/// Ownership: any task may send (events come from their publishers); the count is atomic
/// and the writes run on the channel's event loop, in the order they were sent.
final class ConnectionOutbox: EventOutbox {
    private let channel: any Channel
    private let unwritten = Atomic<Int>(0)

    /// Creates the outbox of `channel`.
    init(channel: any Channel) {
        self.channel = channel
    }

    /// Queues a line for the client and flushes it; `false` (nothing queued) when
    /// ``EventHub/outboxCapacity`` lines wait for the client already.
    func deliver(_ line: [UInt8]) -> Bool {
        guard reserve() else { return false }
        channel.writeAndFlush(ByteBuffer(bytes: line), promise: release(on: channel.eventLoop))
        return true
    }

    /// Writes a line from the event loop, flushed with the rest of the batch being read;
    /// `false` (nothing written) when the client does not read what it was sent.
    func write(_ line: [UInt8], context: ChannelHandlerContext) -> Bool {
        guard reserve() else { return false }
        context.write(NIOAny(ByteBuffer(bytes: line)), promise: release(on: context.eventLoop))
        return true
    }

    /// Events end with the connection; nothing to finish.
    func finish() {}

    private func reserve() -> Bool {
        guard unwritten.add(1, ordering: .relaxed).newValue <= EventHub.outboxCapacity else {
            unwritten.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }

    private func release(on loop: any EventLoop) -> EventLoopPromise<Void> {
        let promise = loop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in self.unwritten.subtract(1, ordering: .relaxed) }
        return promise
    }
}
