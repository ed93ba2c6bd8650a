import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// An MPD client's music goes through the same arbiter as everything else, by ear on a
/// private PulseAudio null sink: started by `mpc play`, it is heard, a voice prompt ducks it
/// by the policy's 10.5 dB and it comes back, and `mpc pause` silences it.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("an MPD client's music ducked, heard at the server's monitor"))
struct MPDByEarTests {
    static let duckDecibels = 20 * log10(0.3)

    @Test func aPromptDucksWhatAnMPDClientPlays() throws {
        let bench = try AudioTestBench()
        let mpdSocket = bench.daemon.directory.appending("mpd.sock")
        func mpc(_ words: String...) -> Int32 {
            Subprocess.capture(["/usr/bin/mpc"] + words, environment: ["MPD_HOST": mpdSocket, "MPD_PORT": nil]).status
        }
        _ = try MPDLineClient(socketPath: mpdSocket)
        #expect(mpc("add", "file://" + Fixtures.path("long440.mp3")) == 0)
        #expect(mpc("play") == 0)
        let reference = bench.steadyLevel(of: 440)
        #expect(reference > fixtureToneLevel - 3, "the music an MPD client started is heard (\(reference) dB)")

        let start = Date()
        let prompt = Subprocess.capture(
            [BuiltProducts.rondo, "prompt", Fixtures.path("prompt1000.wav")], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(prompt.status == 0, "\(prompt.stderr)")
        let windows = bench.monitor.windows(from: start, to: Date(), window: 0.1)
        let promptWindows = windows.filter { SignalAnalysis.level($0.samples, at: 1000) > fixtureToneLevel - 3 }
        #expect(promptWindows.count >= 10, "the prompt was heard for \(promptWindows.count) windows of 0.1 s")
        let ducked = promptWindows.dropFirst().map { SignalAnalysis.level($0.samples, at: 440) - reference }
        #expect(ducked.allSatisfy { abs($0 - Self.duckDecibels) < 1.5 }, "\(ducked)")
        let back = bench.steadyLevel(of: 440, near: reference)
        #expect(abs(back - reference) < 1.5, "the music came back to \(back) dB, from \(reference) dB")

        #expect(mpc("pause") == 0)
        #expect(bench.wait(upTo: 2) { bench.heardLevel(of: 440) < silenceLevel }, "mpc pause silences the music")
    }

    /// MPD's `elapsed` is where the listener is from the first moment: a stream that the
    /// audio server took a moment to start after its load runs behind the load's anchor, and
    /// `status` says what the output hears, as `nowPlaying.get` does (whose time the
    /// now-playing tests hold to the ear). Read right after `play`, on a server that has not
    /// played yet, each `nowPlaying.get` falls between the two MPD readings around it.
    @Test func mpdsElapsedTimeIsWhatTheListenerHears() throws {
        let bench = try AudioTestBench()
        let mpd = try MPDLineClient(socketPath: bench.daemon.directory.appending("mpd.sock"))
        _ = try mpd.call("add \"file://\(Fixtures.path("long440.mp3"))\"")
        _ = try mpd.call("play")
        #expect(bench.wait(upTo: 5) { bench.heardLevel(of: 440) > fixtureToneLevel - 3 }, "the music is heard")
        // The server holds the stream until the listener is half a second behind the clock
        // (nothing of it is heard meanwhile), then lets it play on. pipewire-pulse may keep a
        // suspended sink's stream running: then nothing is held, and the comparison below
        // holds all the same.
        func heard() throws -> Double { try #require(try bench.client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime) }
        #expect(bench.pulse.pactl("suspend-sink", bench.pulse.sink, "1").status == 0)
        let (suspendedAt, heardThen) = (Date(), try heard())
        _ = try bench.wait(upTo: 3) { Date().timeIntervalSince(suspendedAt) - (try heard() - heardThen) >= 0.5 }
        #expect(bench.pulse.pactl("suspend-sink", bench.pulse.sink, "0").status == 0)
        func mpdElapsed() throws -> Double { try #require(Double(try mpd.fields("status")["elapsed"] ?? "")) }
        var readings: [(before: Double, heard: Double, after: Double)] = []
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            let before = try mpdElapsed()
            let heard = try #require(try bench.client.call(Methods.NowPlayingGet.self).info.elapsedPlaybackTime)
            readings.append((before, heard, try mpdElapsed()))
        }
        let apart = readings.filter { $0.heard < $0.before - 0.02 || $0.heard > $0.after + 0.02 }
        #expect(apart.isEmpty, "MPD's elapsed apart from the heard one (before, heard, after): \(apart.prefix(5)) of \(readings.count)")
    }
}
