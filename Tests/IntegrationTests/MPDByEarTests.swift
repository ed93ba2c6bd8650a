import Foundation
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
}
