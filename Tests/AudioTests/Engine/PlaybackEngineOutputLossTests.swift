import Audio
import Foundation
import RondoTesting
import Testing

/// A lost audio server is noticed as it goes, although the decode thread looks at the ring
/// only about once a second while playing: the connection's failure wakes it.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("how the server's connection fails under the engine"))
struct PlaybackEngineOutputLossTests {
    /// Killed at three points of the decode thread's second between looks, the server is
    /// reported lost within a fifth of a second each time.
    @Test(arguments: [1.1, 1.45, 1.8])
    func aKilledServerIsNoticedAtOnce(playingFor seconds: Double) throws {
        let bench = try EngineBench()
        try bench.play("steps.flac")
        Thread.sleep(forTimeInterval: seconds)
        let killed = Date()
        bench.pulse.kill()
        let lost = try #require(bench.lossTime(waitingUpTo: 3), "the loss was never reported")
        #expect(lost.timeIntervalSince(killed) < 0.2, "reported \(lost.timeIntervalSince(killed)) s after the kill")
    }
}
