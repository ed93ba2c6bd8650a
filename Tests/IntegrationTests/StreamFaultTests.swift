import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// A stream whose network fails, through the real daemon (SPEC §10): a dropped station
/// is joined again by itself, a stalled one says `buffering` and is silent until bytes
/// come again, and an item that cannot be reached is skipped while the daemon keeps
/// answering. A ``FaultProxy`` between the daemon and the server makes the faults.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"), .tags(.audioServer), .fullLane(.audioServer),
    .dependsOnAudioServer("a stall's silence is the server's underrun"))
struct StreamFaultTests {
    /// How a stream's server cannot be reached.
    enum Unreachable: CaseIterable, CustomTestStringConvertible {
        /// The server answers 404.
        case notFound
        /// Nothing listens on the port.
        case refused

        var testDescription: String {
            switch self {
            case .notFound: "404"
            case .refused: "refused"
            }
        }
    }

    /// A station whose connection is dropped (closed or reset) is heard again within 2 s,
    /// without a command: the daemon connects again, and the queue and the state are as
    /// they were.
    @Test(arguments: [FaultProxy.Ending.close, .reset])
    func droppedStationIsHeardAgainWithoutACommand(ending: FaultProxy.Ending) throws {
        // A burst of 1 s at 128 kbit/s: less for the daemon to hold and play out after the cut.
        let radio = try RadioRig(song: "Rondo Fixtures - Steady", burstSize: 16_000)
        let bench = try AudioTestBench()
        try bench.play(radio.url())
        try #require(bench.waitToHear(440, upTo: 8))
        let queueBefore = try bench.client.call(Methods.QueueGet.self, QueueGetParams())
        let connections = radio.proxy.connectionCount

        let cut = Date()
        radio.proxy.cut(ending)
        // Longer than all the daemon can hold: the burst it joined with and its read-ahead
        // (2 s of 320 kbit/s audio, 5 s at the station's 128 kbit/s).
        Thread.sleep(forTimeInterval: Double(radio.icecast.burstSize) / 16_000 + 5)

        #expect(radio.proxy.connectionCount > connections, "the daemon never connected again")
        let gap = bench.longestStretch(without: 440, from: cut, to: Date())
        #expect(gap < 2, "the station went unheard for \(gap) s after the cut")
        #expect(bench.heardLevel(of: 440) > ToneStation.level - 1.5, "the station is not heard after the cut")
        let reply = try bench.nowPlayingReply()
        #expect(reply["playbackState"]?.text == "playing")
        #expect(reply["info"]?["isLiveStream"]?.flag == true)
        let queueAfter = try bench.client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queueAfter.index == queueBefore.index)
        #expect(queueAfter.items.map(\.assetURL) == queueBefore.items.map(\.assetURL))
    }

    /// A station whose bytes stop for 10 s, the connection open, shows `buffering: true`
    /// while it plays nothing, its stream corked (silent, not fed zeros), still `playing`;
    /// once bytes come again it is heard again and `buffering` is false.
    @Test func stalledStationBuffersSilentlyThenPlaysOn() throws {
        let radio = try RadioRig(song: "Rondo Fixtures - Steady")
        let bench = try AudioTestBench()
        try bench.play(radio.url())
        try #require(bench.waitToHear(440, upTo: 8))
        #expect(try bench.nowPlayingReply()["buffering"]?.flag == false)

        let stall = 10.0
        let stalled = Date()
        radio.proxy.stall(for: stall)
        var buffering: [Date] = []
        var states: Set<String> = []
        var sinkInputs: String?
        while Date() < stalled.addingTimeInterval(stall - 0.2) {
            let reply = try bench.nowPlayingReply()
            states.insert(reply["playbackState"]?.text ?? "absent")
            if reply["buffering"]?.flag == true {
                buffering.append(Date())
                if sinkInputs == nil, let first = buffering.first, Date().timeIntervalSince(first) > 0.5 {
                    sinkInputs = bench.pulse.pactl("list", "sink-inputs").stdout
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }

        #expect(!buffering.isEmpty, "never buffering during a 10 s stall")
        #expect(states == ["playing"], "states during the stall: \(states)")
        if let first = buffering.first, let last = buffering.last, last.timeIntervalSince(first) > 0.8 {
            let heard = bench.monitor.samples(from: first.addingTimeInterval(0.4), to: last)
            #expect(SignalAnalysis.level(heard) < silenceLevel, "sound while buffering: \(SignalAnalysis.level(heard)) dBFS")
        }
        #expect(sinkInputs?.contains("Corked: no") != true, "an uncorked stream while buffering:\n\(sinkInputs ?? "")")
        #expect(bench.waitToHear(440, upTo: 8), "the station was not heard again after the stall")
        #expect(try bench.nowPlayingReply()["buffering"]?.flag == false)
    }

    /// An item that cannot be reached (a 404, a refused port) is skipped and the next one
    /// plays; `daemon.info` is answered within a second all the while.
    @Test(arguments: Unreachable.allCases)
    func unreachableItemIsSkipped(_ unreachable: Unreachable) throws {
        let files = try TestHTTPServer(serving: Fixtures.directory)
        let scratch = try TemporaryDirectory(prefix: "rondo-unreachable")
        let config = scratch.appending("rondo.toml")
        try "resume_within_s = 5\n\n[network]\ntimeout_s = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        let closedPort = try LoopbackSocket.freePort()
        let item =
            switch unreachable {
            case .notFound: files.url("missing.mp3")
            case .refused: "http://127.0.0.1:\(closedPort)/live.mp3"
            }

        let watch = ResponsivenessWatch(socketPath: bench.daemon.socketPath)
        try bench.play(item, files.url("tone440.mp3"))
        #expect(bench.wait(upTo: 20) { (try? bench.nowPlaying().info.playbackQueueIndex) == 1 }, "the unreachable item was not skipped")
        #expect(bench.waitToHear(440, upTo: 4), "the next item was not heard")
        let slowest = watch.stop()
        #expect(slowest < 1, "daemon.info once took \(slowest) s")
        #expect(bench.daemon.isRunning)
    }
}
