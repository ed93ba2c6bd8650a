import CPulse
import Foundation
import RondoTesting
import Testing

@testable import Audio

/// Letting go of a connection, wherever that happens.
@Suite(.tags(.audioServer), .fullLane(.audioServer), .dependsOnAudioServer("how the server lets a client's connection go"))
struct PulseConnectionTests {
    /// The last reference to a connection, dropped inside one of its own callbacks on its
    /// mainloop thread (as a stopping daemon may), shuts it down without libpulse aborting
    /// the process for stopping a mainloop from its own thread.
    @Test func releasedInsideItsOwnCallbackShutsDown() throws {
        let pulse = try PulseServer()
        defer { pulse.stop() }
        let holder = ConnectionHolder()
        holder.connection = try PulseConnection(server: pulse.server)
        let userdata = Unmanaged.passRetained(holder).toOpaque()
        let timer = holder.connection?.withLock {
            holder.connection?.makeTimer(at: pa_rtclock_now() + 20_000, releaseHeldConnection, userdata: userdata)
        }
        #expect(timer != nil)
        #expect(holder.released.wait(timeout: .now() + 5) == .success)
    }
}

/// A connection a timer callback lets go of, and its word that it did.
private final class ConnectionHolder: @unchecked Sendable {
    var connection: PulseConnection?
    let released = DispatchSemaphore(value: 0)
}

/// Drops the holder's connection, by then its only reference, on the mainloop thread.
private func releaseHeldConnection(
    _ api: UnsafeMutablePointer<pa_mainloop_api>?, _ event: OpaquePointer?, _ time: UnsafePointer<timeval>?,
    _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    let holder = Unmanaged<ConnectionHolder>.fromOpaque(userdata).takeRetainedValue()
    holder.connection = nil
    holder.released.signal()
}
