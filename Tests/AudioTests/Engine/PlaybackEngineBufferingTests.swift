import Foundation
import RondoTesting
import SinkMonitor
import Testing

@testable import Audio

/// A remote track through the engine, checked by ear on a private PulseAudio server: a
/// network slower than the listener holds the sound rather than feeding the server
/// silence, and what a stream says is announced when the listener hears it.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("a title is announced when the server says its samples were played"))
struct PlaybackEngineBufferingTests {
    /// `steps.mp3` at 128 kbit/s: 16,000 bytes a second, second k a (300 + 100·k) Hz tone.
    static let fixture = Fixtures.path("steps.mp3")
    static let bytesPerSecond = 16_000

    /// Plays `source` from its start.
    private func play(_ source: GatedByteSource, on bench: EngineBench) throws {
        let track = try OpenedTrack.open(TrackSource(id: 1, path: source.name)) { _ throws(AudioError) in source }
        try bench.engine.load(track, playing: true)
    }

    /// The bytes stop after about 3 s of sound: once that is heard, the engine says it is
    /// buffering, the listener hears silence and the heard position holds. When the bytes
    /// come again it says so, and the tone plays on from where it stopped, not from where a
    /// clock that ran on would be.
    @Test func aStallHoldsTheSoundAndPlaysOn() throws {
        let bench = try EngineBench()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let source = GatedByteSource(bytes, letThrough: 3 * Self.bytesPerSecond)
        try play(source, on: bench)
        let stalled = try #require(gateStall(on: bench))
        let heardAtStall = try #require(bench.engine.position?.seconds)
        #expect(heardAtStall > 1.5 && heardAtStall < 3.5, "stalled at \(heardAtStall) s")
        Thread.sleep(forTimeInterval: 0.8)
        let silence = bench.monitor.samples(from: stalled.addingTimeInterval(0.3), to: Date())
        #expect(silence.count > 10_000)
        #expect(SignalAnalysis.level(silence) < -50, "heard \(SignalAnalysis.level(silence)) dBFS while buffering")
        #expect(abs((bench.engine.position?.seconds ?? 0) - heardAtStall) < 0.05)
        source.letThrough(upTo: bytes.count)
        #expect(bench.time(of: .buffering(false), waitingUpTo: 5) != nil)
        _ = bench.monitor.waitUntilHeard(above: -20)
        let heardAfter = try #require(bench.engine.position?.seconds)
        #expect(heardAfter - heardAtStall < 1.0, "jumped from \(heardAtStall) to \(heardAfter) s")
        #expect(SignalAnalysis.level(bench.monitor.listen(for: 0.3)) > -20)
    }

    /// When the engine said it buffers at the gate: the first `buffering(true)` that no
    /// `buffering(false)` follows within a second. A decoder starved of CPU at the start (five
    /// test processes on two cores) waits as a slow network does, and says so too, but plays
    /// on within moments: that is the engine right, and not the stall this test makes.
    private func gateStall(on bench: EngineBench) -> Date? {
        var after = Date.distantPast
        while let candidate = bench.time(of: .buffering(true), after: after, waitingUpTo: 8) {
            if bench.time(of: .buffering(false), after: candidate, waitingUpTo: 1) == nil { return candidate }
            after = candidate
        }
        return nil
    }

    /// A title said halfway through the bytes (5 s into the sound) is announced when the
    /// listener reaches it, not when it was read, seconds earlier: the engine's position at
    /// the notice is within 0.75 s of 5 s (a decoded chunk and the server's report apart).
    @Test func aStreamTitleIsAnnouncedWhenHeard() throws {
        let bench = try EngineBench()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let said = ["StreamTitle": "Artist - Song"]
        let source = GatedByteSource(bytes, saying: [(bytes.count - 5 * Self.bytesPerSecond, said)])
        try play(source, on: bench)
        let announced = try #require(bench.time(of: .metadata(1, said), waitingUpTo: 9))
        let position = try #require(bench.engine.position?.seconds)
        let heardThen = position - Date().timeIntervalSince(announced)
        #expect(abs(heardThen - 5) < 0.75, "announced at \(heardThen) s into the sound")
    }
}
