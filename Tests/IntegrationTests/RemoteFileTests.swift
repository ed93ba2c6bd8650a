import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// Files played from a web server that serves byte ranges, through the real daemon (SPEC
/// §10): they seek like local files, and a connection dropped mid-file resumes where it
/// was with a Range request. The fixture `steps` tells the position by ear: second k is a
/// (300 + 100·k) Hz tone.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .sameOnEveryAudioServer("HTTP ranges and resumption; the ear only tells the position"))
struct RemoteFileTests {
    /// The frequency of second `k` of `steps`.
    static func stepFrequency(_ k: Int) -> Double { Double(300 + 100 * k) }

    /// `changePlaybackPosition` to 7 s in a remote file is heard at second 7's tone; the
    /// file is no live stream, has its duration, and every seeking command is enabled.
    @Test(arguments: ["steps.flac", "steps.mp3"])
    func seekInRemoteFileIsHeardAtTheNewPosition(file: String) throws {
        let files = try TestHTTPServer(serving: Fixtures.directory)
        let bench = try AudioTestBench()
        try bench.play(files.url(file))
        try #require(bench.wait(upTo: 5) { SignalAnalysis.level(bench.monitor.listen(for: 0.1)) > silenceLevel }, "nothing heard")
        #expect(try bench.send(.changePlaybackPosition, positionTime: 7) == .success)
        let seekedAt = Date()
        #expect(bench.wait(upTo: 2) { bench.heardFrequency(over: 0.2) == Self.stepFrequency(7) }, "second 7 was not heard")

        let info = try #require(try bench.nowPlayingReply()["info"])
        #expect(info["isLiveStream"]?.flag == false)
        #expect(abs((info["playbackDuration"]?.numeric ?? 0) - 10) < 0.1)
        let elapsed = info["elapsedPlaybackTime"]?.numeric ?? 0
        let sinceSeek = (info["timestamp"]?.numeric ?? 0) - seekedAt.timeIntervalSince1970
        #expect(abs(elapsed - (7 + sinceSeek)) < 0.5, "elapsed \(elapsed) s, \(sinceSeek) s after the seek")
        let enabled = try bench.enabledCommands()
        #expect(AudioTestBench.seekingCommands.allSatisfy { enabled[$0] == true }, "\(enabled)")
    }

    /// libcurl (and the thirty libraries it needs) is loaded by the first fetch, not at start:
    /// a local file plays without it, a remote file with it.
    @Test func libcurlIsLoadedByTheFirstFetch() throws {
        let files = try TestHTTPServer(serving: Fixtures.directory)
        let bench = try AudioTestBench()
        func mapsCurl() throws -> Bool {
            let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(bench.daemon.pid)/maps")).readDataToEndOfFile()
            return String(decoding: maps, as: UTF8.self).contains("/libcurl.so")
        }
        #expect(try !mapsCurl(), "libcurl was loaded at start")
        try bench.queue("tone440.mp3")
        try bench.send(.play)
        #expect(bench.waitToHear(440, upTo: 3))
        #expect(try !mapsCurl(), "libcurl was loaded for a local file")
        try bench.play(files.url("steps.mp3"))
        let steps = (0..<10).map(Self.stepFrequency)
        #expect(bench.wait(upTo: 5) { steps.contains(bench.heardFrequency(over: 0.2)) }, "the remote file was not heard")
        #expect(try mapsCurl())
    }

    /// A remote file whose connections are each dropped after 2/5 of its bytes plays to its
    /// end in order: every second's tone heard, second 0 to second 9 in about 9 s, with no
    /// silence of 2 s; the daemon asked for the rest with a Range request from past the start.
    @Test func droppedRemoteFileResumesWhereItWas() throws {
        let files = try TestHTTPServer(serving: Fixtures.directory)
        let proxy = try FaultProxy(targetPort: files.port)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Fixtures.path("steps.mp3"))[.size] as? Int)
        proxy.cutEach(afterBytes: size * 2 / 5)
        let bench = try AudioTestBench()
        let started = Date()
        try bench.play(proxy.url("/steps.mp3"))
        #expect(bench.wait(upTo: 18) { (try? bench.nowPlaying().playbackState) == .stopped }, "the file did not play to its end")

        let heard = (0..<10).map { bench.firstHeard(Self.stepFrequency($0), from: started, to: Date()) }
        let missing = heard.indices.filter { heard[$0] == nil }
        #expect(missing.isEmpty, "seconds never heard: \(missing)")
        let times = heard.compactMap { $0 }
        #expect(times == times.sorted(), "the seconds were heard out of order")
        if let first = times.first, let last = times.last {
            #expect(abs(last.timeIntervalSince(first) - 9) < 1.5, "second 0 to second 9 took \(last.timeIntervalSince(first)) s")
            let gap = bench.longestSilence(from: first, to: last)
            #expect(gap < 2, "silent for \(gap) s in the middle of the file")
        }
        let resumed = files.requests.filter { $0.path == "/steps.mp3" && Self.rangeStart($0.range) ?? 0 > 0 }
        #expect(!resumed.isEmpty, "no Range request past the start: \(files.requests)")
    }

    /// The first byte of a `bytes=N-` or `bytes=N-M` range.
    static func rangeStart(_ range: String?) -> Int? {
        guard let range, range.hasPrefix("bytes=") else { return nil }
        return Int(range.dropFirst("bytes=".count).prefix { $0.isNumber })
    }
}
