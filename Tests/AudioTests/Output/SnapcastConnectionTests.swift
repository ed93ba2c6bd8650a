import Foundation
import Glibc
import RondoTesting
import Testing

@testable import Audio

/// The Snapcast feed's connection against a listener of the test's own standing in for
/// snapserver's TCP source: no listener refuses the output, and a listener that hangs up
/// fails the connection for good and says so, even with nothing playing.
struct SnapcastConnectionTests {
    /// With nothing listening at the source, making the feed fails as an absent audio server
    /// does (`pulseUnavailable`), naming the address, rather than feeding no one.
    @Test func nothingListeningRefusesTheOutput() throws {
        let port = try LoopbackSocket.freePort()
        do {
            let connection = try SnapcastConnection(host: "127.0.0.1", port: port)
            connection.close()
            Issue.record("a feed was made with nothing listening at port \(port)")
        } catch {
            guard case AudioError.pulseUnavailable(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("127.0.0.1:\(port)"), "\(reason)")
        }
    }

    /// A source that closes the connection while the feed is quiet (no stream open) is
    /// noticed: the failure hook is called and the connection is no longer alive.
    @Test func aHangUpFailsTheConnectionAndIsReported() throws {
        let (listener, port) = try LoopbackSocket.listen()
        defer { close(listener) }
        let connection = try SnapcastConnection(host: "127.0.0.1", port: port)
        defer { connection.close() }
        let reported = DispatchSemaphore(value: 0)
        connection.onFailure { reported.signal() }
        #expect(connection.isAlive)

        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&waiting, 1, 5_000) == 1, "the feed did not connect when it was made")
        let accepted = accept(listener, nil, nil)
        try #require(accepted >= 0)
        close(accepted)
        #expect(reported.wait(timeout: .now() + 5) == .success, "the hang-up was not reported")
        #expect(!connection.isAlive)
    }
}
