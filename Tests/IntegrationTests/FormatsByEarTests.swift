import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// FLAC, Ogg Vorbis, Opus, AAC (M4A and raw ADTS) and ALAC files played by the daemon,
/// checked at the sink's monitor.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("each format's rate and channels are a stream the server converts"))
struct FormatsByEarTests {
    /// Each format's 440 Hz tone is heard at 440 Hz at the tone's own level.
    @Test(arguments: ["tone440.flac", "tone440.ogg", "tone440.opus", "tone440.m4a", "tone440-alac.m4a", "tone440.aac"])
    func toneIsHeardAtItsFrequencyAndLevel(fixture: String) throws {
        let bench = try AudioTestBench()
        try bench.queue(fixture)
        #expect(try bench.send(.play) == .success)
        bench.waitUntilHeard(440, near: fixtureToneLevel)
        let heard = bench.monitor.listen(for: 0.3)
        #expect(SignalAnalysis.dominantFrequency(heard) == 440)
        let level = SignalAnalysis.level(heard, at: 440)
        #expect(abs(level - fixtureToneLevel) < 1.5, "heard \(level) dBFS, the tone is \(fixtureToneLevel) dBFS")
    }

    /// `seek 7` on the steps file in each format is heard as the 1000 Hz step.
    @Test(arguments: ["steps.flac", "steps.ogg", "steps.opus", "steps.m4a", "steps-alac.m4a"])
    func seekIsHeardAtTheNewPosition(fixture: String) throws {
        let bench = try AudioTestBench()
        try bench.queue(fixture)
        try bench.send(.play)
        #expect(try bench.send(.changePlaybackPosition, positionTime: 7) == .success)
        bench.waitUntilHeard(1000, near: fixtureToneLevel)
        #expect(bench.heardFrequency(over: 0.4) == 1000)
    }

    /// FFmpeg is loaded by the first file that needs it, not at start: MP3 and FLAC files
    /// (outside the library, so their tags are read) play without it, an M4A with it.
    @Test func ffmpegIsLoadedByTheFirstFileThatNeedsIt() throws {
        let bench = try AudioTestBench()
        // Read to its end: the file's size says 0, which some readers stop at.
        func mapsFFmpeg() throws -> Bool {
            let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(bench.daemon.pid)/maps")).readDataToEndOfFile()
            return String(decoding: maps, as: UTF8.self).contains("/libavformat.so")
        }
        #expect(try !mapsFFmpeg(), "FFmpeg was loaded at start")
        try bench.queue("tone440.mp3", "tone440.flac")
        try bench.send(.play)
        #expect(bench.waitToHear(440, upTo: 3))
        try bench.send(.nextTrack)
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().info.playbackQueueIndex) == 1 })
        #expect(bench.waitToHear(440, upTo: 3))
        #expect(try !mapsFFmpeg(), "FFmpeg was loaded for an MP3 or a FLAC file")
        try bench.queue("steps.m4a")
        try bench.send(.play)
        #expect(try bench.send(.changePlaybackPosition, positionTime: 7) == .success)
        #expect(bench.waitToHear(1000, upTo: 3), "the M4A's 1000 Hz step is heard")
        #expect(try mapsFFmpeg())
    }

    /// When a FLAC track ends the next one follows without a gap, and the now-playing info
    /// moves to it.
    @Test func flacTrackEndAdvancesWithoutAGap() throws {
        let bench = try AudioTestBench()
        try bench.queue("short-a.flac", "short-b.flac")
        let start = Date()
        try bench.send(.play)
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().info.playbackQueueIndex) == 1 })
        bench.waitUntilHeard(700, near: fixtureToneLevel)
        let windows = bench.monitor.windows(from: start.addingTimeInterval(0.3), to: Date(), window: 0.02)
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 500) > fixtureToneLevel - 3 })
        #expect(windows.contains { SignalAnalysis.level($0.samples, at: 700) > fixtureToneLevel - 3 })
        let silent = windows.filter { SignalAnalysis.level($0.samples) < -40 }
        #expect(silent.isEmpty, "\(silent.count) silent 20 ms windows between the tracks")
    }
}
