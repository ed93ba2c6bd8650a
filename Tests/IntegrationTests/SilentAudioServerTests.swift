import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Synchronization
import Testing

/// An audio server that takes connections and never answers them, as pipewire-pulse does
/// before its session manager runs: a connect waits for it up to its timeout (3 s). The
/// player is never the one waiting.
@Suite struct SilentAudioServerTests {
    /// A `play` that must connect first waits on its own thread: meanwhile the player answers
    /// another client's request for the queue, and once the connect gives up, the `play` is
    /// refused for want of an output and the player stays paused.
    @Test func aServerThatDoesNotAnswerHoldsNotThePlayer() throws {
        let scratch = try TemporaryDirectory(prefix: "rondo-silent")
        defer { scratch.remove() }
        let server = try SilentListener(path: scratch.appending("pulse"))
        defer { server.close() }
        let daemon = try DaemonProcess(pulseServer: "unix:" + server.path)
        defer { daemon.stop() }
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("tone440.mp3")]))

        let reply = PlayReply()
        let playing = Thread {
            let result = try? daemon.client().call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
            reply.answer.withLock { $0 = .some(result) }
        }
        playing.start()
        // The `play` is at its connect once the daemon says so.
        #expect(
            eventually(within: 5) { daemon.log.contains("connecting to the output first") },
            "no connect of its own for the play; daemon log:\n\(daemon.log.suffix(3000))")
        let page = try client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(page.items.count == 1)
        #expect(!reply.isAnswered, "the queue was answered only once the play was")

        #expect(eventually(within: 10) { reply.isAnswered })
        let result = try #require(reply.answer.withLock { $0 ?? nil })
        #expect(result.status == .deviceNotFound)
        #expect(result.reason == .pulseUnavailable)
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState != .playing)
    }
}

/// The reply to a `play` sent from another thread, once it comes (`nil` inside: no reply).
private final class PlayReply: Sendable {
    let answer = Mutex<RemoteSendResult??>(nil)
    var isAnswered: Bool { answer.withLock { $0 != nil } }
}

/// A Unix socket that listens and never accepts: a client's connect completes in its
/// queue, and nothing is ever said to it.
private final class SilentListener: Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
    }

    func close() {
        Glibc.close(descriptor)
        unlink(path)
    }
}
