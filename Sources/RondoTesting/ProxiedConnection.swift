import Foundation
import Glibc
import Synchronization

/// One connection a ``FaultProxy`` relays: the listener's side (`client`) and the target's
/// (`upstream`), both non-blocking, pumped by ``relay()`` on a thread of its own, which
/// alone reads, writes and closes the two descriptors.
///
/// The relay never waits more than 50 ms without looking at the proxy's policy and at an
/// end asked for by ``requestEnd(_:)``.
final class ProxiedConnection: Sendable {
    /// Its number among the proxy's connections, from 1.
    let number: Int
    private let client: Int32
    private let upstream: Int32
    private let cutAfterBytes: Int?
    private let core: FaultProxyCore
    /// 0 while it runs; 1 + the raw value of the ending asked for.
    private let endRequest = Atomic<Int>(0)

    init(number: Int, client: Int32, upstream: Int32, cutAfterBytes: Int?, core: FaultProxyCore) {
        self.number = number
        self.client = client
        self.upstream = upstream
        self.cutAfterBytes = cutAfterBytes
        self.core = core
    }

    /// Asks the relay to end the connection with `ending` at its next look.
    func requestEnd(_ ending: FaultProxy.Ending) {
        endRequest.store(ending == .close ? 1 : 2, ordering: .sequentiallyConsistent)
    }

    /// Passes bytes both ways, under the proxy's policy, until either side closes, a write
    /// fails or an end is asked for; then closes both sides.
    func relay() {
        for descriptor in [client, upstream] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        finish(pump())
    }

    /// How the connection ends, once it must.
    private func pump() -> FaultProxy.Ending {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var answered = 0
        while true {
            if let ending = requestedEnding { return ending }
            if core.isStalled {
                usleep(20_000)
                continue
            }
            var pollers = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
            guard poll(&pollers, 2, 50) > 0 else { continue }
            if pollers[0].revents != 0 {
                let count = read(client, &buffer, buffer.count)
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return .close }
                if count > 0, !write(buffer[..<count], to: upstream) { return requestedEnding ?? .close }
            }
            if pollers[1].revents != 0 {
                let rate = core.policy.withLock { $0.trickleRate }
                var allowed = rate.map { max(1, $0 / 20) } ?? buffer.count
                if let cutAfterBytes { allowed = min(allowed, cutAfterBytes - answered) }
                let count = read(upstream, &buffer, min(allowed, buffer.count))
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return .close }
                if count > 0 {
                    guard write(buffer[..<count], to: client) else { return requestedEnding ?? .close }
                    answered += count
                    if let cutAfterBytes, answered >= cutAfterBytes { return .close }
                    if rate != nil { usleep(50_000) }
                }
            }
        }
    }

    /// The ending asked for, if any.
    private var requestedEnding: FaultProxy.Ending? {
        switch endRequest.load(ordering: .sequentiallyConsistent) {
        case 1: .close
        case 2: .reset
        default: nil
        }
    }

    /// Writes all of `bytes` to `descriptor`, waiting while its buffer is full; false when
    /// the write fails or an end is asked for meanwhile.
    private func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard requestedEnding == nil else { return false }
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN || errno == EINTR {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, 50)
            } else {
                return false
            }
        }
        return true
    }

    /// Closes both sides, the listener's with a reset when asked, and tells the proxy.
    private func finish(_ ending: FaultProxy.Ending) {
        if ending == .reset {
            var abortive = linger(l_onoff: 1, l_linger: 0)
            setsockopt(client, SOL_SOCKET, SO_LINGER, &abortive, socklen_t(MemoryLayout<linger>.size))
        }
        close(client)
        close(upstream)
        core.ended(self)
    }
}
