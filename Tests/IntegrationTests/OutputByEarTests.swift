import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// The listener's volume and the output device, heard at the sinks' monitors, on the audio
/// server the tests run on (PulseAudio or PipeWire).
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("the server's sink volumes and devices"))
struct OutputByEarTests {
    /// A duck under the default policy, in dB.
    static let duckDecibels = 20 * log10(0.3)
    /// The name of the second null sink the output tests load.
    static let secondSink = "rondo_second"

    /// Loads a second null sink on the bench's server and returns its module index.
    private func loadSecondSink(_ bench: AudioTestBench) throws -> String {
        let loaded = bench.pulse.pactl("load-module", "module-null-sink", "sink_name=\(Self.secondSink)")
        try #require(loaded.status == 0, "the server refused a second null sink: \(loaded.stderr)")
        #expect(bench.wait(upTo: 2) { bench.pulse.pactl("list", "short", "sinks").stdout.contains(Self.secondSink) })
        // The daemon hears of the sink through its subscription.
        #expect(
            try bench.wait(upTo: 2) {
                try bench.client.call(Methods.PlayerOutputsGet.self).outputs.contains { $0.name == Self.secondSink }
            })
        return loaded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Plays the tone on the bench's sink (the default) and returns a recorder on the second
    /// sink's monitor and a connection subscribed to route events.
    private func playWithASecondMonitor(_ bench: AudioTestBench) throws -> (MonitorRecorder, RondoClient) {
        let second = try MonitorRecorder(server: bench.pulse.server, sink: Self.secondSink)
        try bench.queue("long440.mp3")
        try bench.send(.play)
        #expect(bench.wait(upTo: 2) { bench.heardLevel(of: 440, over: 0.2) > fixtureToneLevel - 3 })
        let events = try bench.daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.route]))
        return (second, events)
    }

    /// The route events a subscriber has received so far, as `reason previousSink→sink`.
    private func routeEvents(_ events: RondoClient, waiting seconds: Double = 0.3) throws -> [String] {
        var seen: [String] = []
        while let event = try events.nextEvent(timeout: seconds) {
            guard event.method == Events.RouteChangedEvent.name else { continue }
            let params = event.params
            seen.append(
                "\(params["reason"]?.text ?? "?") \(params["previousSink"]?.text ?? "-")→\(params["sink"]?.text ?? "-")")
        }
        return seen
    }

    /// Volume 50 % is heard 6 dB lower; a prompt's duck takes it a further 10.5 dB down
    /// and gives back the −6 dB, not full level, when it ends; the volume is unchanged.
    @Test func volumeAndDuckMultiply() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()

        let set = try bench.client.call(Methods.PlayerSetVolume.self, PlayerSetVolumeParams(volume: 0.5))
        #expect(set.volume == 0.5)
        let half = 20 * log10(0.5)
        #expect(bench.wait(upTo: 2) { abs(bench.heardLevel(of: 440, over: 0.3) - reference - half) < 1 })
        #expect(try bench.nowPlaying().volume == 0.5)

        let prompt = try bench.daemon.client()
        let session = try prompt.call(
            Methods.SessionOpen.self,
            SessionOpenParams(name: "nav", category: .playback, mode: .voicePrompt, options: [.duckOthers]))
        _ = try prompt.call(Methods.SessionActivate.self, session)
        #expect(
            bench.wait(upTo: 2) {
                abs(bench.heardLevel(of: 440, over: 0.3) - reference - half - Self.duckDecibels) < 1.5
            }, "ducked under the volume")
        #expect(try bench.client.call(Methods.PlayerVolumeGet.self).volume == 0.5, "a duck leaves the volume alone")

        _ = try prompt.call(Methods.SessionDeactivate.self, SessionDeactivateParams(session: session.session, notifyOthers: true))
        #expect(bench.wait(upTo: 2) { abs(bench.heardLevel(of: 440, over: 0.3) - reference - half) < 1 }, "back to −6 dB")
    }

    /// A volume change while ducked keeps the duck: 0.5 → 1.0 under the prompt is heard
    /// 10.5 dB under full level, not at full level.
    @Test func volumeChangeDoesNotLiftADuck() throws {
        let bench = try AudioTestBench()
        let reference = try bench.playToneReference()
        _ = try bench.client.call(Methods.PlayerSetVolume.self, PlayerSetVolumeParams(volume: 0.5))
        let prompt = try bench.daemon.client()
        let session = try prompt.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "nav", category: .playback, options: [.duckOthers]))
        _ = try prompt.call(Methods.SessionActivate.self, session)
        _ = try bench.client.call(Methods.PlayerSetVolume.self, PlayerSetVolumeParams(change: 0.5))
        #expect(try bench.client.call(Methods.PlayerVolumeGet.self).volume == 1)
        #expect(bench.wait(upTo: 2) { abs(bench.heardLevel(of: 440, over: 0.3) - reference - Self.duckDecibels) < 1.5 })
    }

    /// The volume and a pinned output are kept across a daemon restart, and the next
    /// stream is born at the kept volume (heard 6 dB lower from its start).
    @Test func volumeAndOutputSurviveARestart() throws {
        let bench = try AudioTestBench()
        _ = try loadSecondSink(bench)
        try bench.queue("long440.mp3")
        _ = try bench.client.call(Methods.PlayerSetVolume.self, PlayerSetVolumeParams(volume: 0.5))
        _ = try bench.client.call(Methods.PlayerSetOutput.self, PlayerSetOutputParams(sink: bench.pulse.sink))
        #expect(bench.daemon.stop() == 0)

        let again = try DaemonProcess(pulseServer: bench.pulse.server, restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.PlayerVolumeGet.self).volume == 0.5)
        #expect(try client.call(Methods.PlayerOutputsGet.self).pinned == bench.pulse.sink)
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        bench.waitUntilHeard(440, near: fixtureToneLevel + 20 * log10(0.5))
        #expect(abs(bench.heardLevel(of: 440, over: 0.3) - (fixtureToneLevel + 20 * log10(0.5))) < 1.5)
    }

    /// Following the default: when the server's default sink changes, the music moves to
    /// it (heard at the new sink's monitor) and a route change says so. (The old sink's
    /// recorder is no witness here: PulseAudio moves a recording of the default sink's
    /// monitor along with the default.)
    @Test func defaultSinkChangeMovesTheMusic() throws {
        let bench = try AudioTestBench()
        _ = bench.pulse.pactl("set-default-sink", bench.pulse.sink)
        _ = try loadSecondSink(bench)
        let (second, events) = try playWithASecondMonitor(bench)
        defer { second.stop() }

        #expect(bench.pulse.pactl("set-default-sink", Self.secondSink).status == 0)
        #expect(
            bench.wait(upTo: 3) { SignalAnalysis.level(second.listen(for: 0.2), at: 440) > fixtureToneLevel - 3 },
            "heard at the new default")
        let routes = try routeEvents(events, waiting: 1)
        #expect(routes.contains { $0.hasPrefix("override ") && $0.hasSuffix("→\(Self.secondSink)") }, "\(routes)")
        let outputs = try bench.client.call(Methods.PlayerOutputsGet.self)
        #expect(outputs.pinned == nil)
        #expect(outputs.outputs.first { $0.inUse }?.name == Self.secondSink)
        #expect(try bench.nowPlaying().playbackState == .playing)
    }

    /// A pinned output: `rondo output NAME` moves the music there at once and keeps it there
    /// when the default changes; when that sink is unloaded the player pauses with
    /// `oldDeviceUnavailable`, and stays paused when it comes back.
    @Test func pinnedOutputIsKeptAndItsLossPauses() throws {
        let bench = try AudioTestBench()
        _ = bench.pulse.pactl("set-default-sink", bench.pulse.sink)
        let module = try loadSecondSink(bench)
        let (second, events) = try playWithASecondMonitor(bench)
        defer { second.stop() }

        let pin = Subprocess.capture(
            [BuiltProducts.rondo, "output", Self.secondSink], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(pin.status == 0, "\(pin.stderr)")
        #expect(pin.stdout.contains("pinned to \(Self.secondSink)"))
        #expect(bench.wait(upTo: 2) { SignalAnalysis.level(second.listen(for: 0.2), at: 440) > fixtureToneLevel - 3 })
        #expect(bench.heardLevel(of: 440, over: 0.2) < silenceLevel)
        #expect(try routeEvents(events).contains("override \(bench.pulse.sink)→\(Self.secondSink)"))

        #expect(bench.pulse.pactl("unload-module", module).status == 0)
        #expect(try bench.wait(upTo: 3) { try bench.nowPlaying().playbackState == .paused })
        #expect(try routeEvents(events, waiting: 1).contains { $0.hasPrefix("oldDeviceUnavailable \(Self.secondSink)") })
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "nothing moves to the other sink")

        _ = try loadSecondSink(bench)
        // The daemon lists the sink once it has heard of it, when it would act on it.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try bench.nowPlaying().playbackState == .paused, "a device coming back does not start the music")
    }

    /// Bad requests are refused with their reason and change nothing: an unknown sink, a
    /// volume out of range, both or neither of volume and change.
    @Test func badOutputRequestsAreRefused() throws {
        let bench = try AudioTestBench()
        // The daemon answers before its connection to the audio server has listed the sinks;
        // until then an unknown sink is refused as no sink at all (no audio server answers).
        #expect(try bench.wait(upTo: 3) { try bench.client.call(Methods.PlayerOutputsGet.self).outputs.contains { $0.name == bench.pulse.sink } })
        let unknown = Subprocess.capture(
            [BuiltProducts.rondo, "output", "no_such_sink"], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no output named 'no_such_sink'") && unknown.stderr.contains(bench.pulse.sink))
        for params in [
            PlayerSetVolumeParams(volume: 1.5), PlayerSetVolumeParams(volume: -0.1), PlayerSetVolumeParams(),
            PlayerSetVolumeParams(volume: 0.5, change: 0.1), PlayerSetVolumeParams(change: 2),
        ] {
            #expect(throws: ClientError.self) { try bench.client.call(Methods.PlayerSetVolume.self, params) }
        }
        #expect(try bench.client.call(Methods.PlayerVolumeGet.self).volume == 1)
        #expect(try bench.client.call(Methods.PlayerOutputsGet.self).pinned == nil)
        let usage = Subprocess.capture(
            [BuiltProducts.rondo, "volume", "150"], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
        #expect(usage.status == 2)
    }
}
