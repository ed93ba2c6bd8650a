import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// `[playback] resume_on_output` by ear (SPEC §15): the car's Bluetooth sink goes away while
/// the music plays on it (paused, as any route loss), an unrelated sink appearing changes
/// nothing, and the car's sink coming back plays the music there again within a second.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("sinks appearing and going: the server's device events"))
struct ResumeOnOutputTests {
    static let car = "bluez_sink.00_11_22_33_44_55.a2dp_sink"

    @Test func theCarConnectingResumesTheMusicThere() throws {
        let configDirectory = try TemporaryDirectory(prefix: "rondo-resume-config")
        defer { configDirectory.remove() }
        let config = configDirectory.appending("rondo.toml")
        try Data("[playback]\nresume_on_output = \"bluez_sink.*\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        func load(_ arguments: String...) throws -> String {
            let loaded = bench.pulse.pactl(["load-module"] + arguments)
            try #require(loaded.status == 0, "\(loaded.stderr)")
            return loaded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func listed(_ name: String) throws -> Bool {
            try bench.wait(upTo: 2) { try bench.client.call(Methods.PlayerOutputsGet.self).outputs.contains { $0.name == name } }
        }
        // The car's speakers: a null sink heard from the start; the car's Bluetooth sink, which
        // comes and goes, is a sink laid on them, so one recording hears every connection.
        _ = try load("module-null-sink", "sink_name=car_speakers")
        let speakers = try MonitorRecorder(server: bench.pulse.server, sink: "car_speakers")
        defer { speakers.stop() }
        let connect = { try load("module-remap-sink", "sink_name=\(Self.car)", "master=car_speakers") }
        var module = try connect()
        #expect(try listed(Self.car))

        _ = try bench.client.call(Methods.PlayerSetOutput.self, PlayerSetOutputParams(sink: Self.car))
        try bench.queue("long440.mp3")
        try bench.send(.play)
        #expect(bench.wait(upTo: 3) { SignalAnalysis.level(speakers.listen(for: 0.2), at: 440) > fixtureToneLevel - 3 })

        #expect(bench.pulse.pactl("unload-module", module).status == 0)
        #expect(try bench.wait(upTo: 3) { try bench.nowPlaying().playbackState == .paused }, "the car going away pauses")

        _ = try load("module-null-sink", "sink_name=alsa_output.hdmi-stereo")
        #expect(try listed("alsa_output.hdmi-stereo"))
        // Listed once the daemon has heard of it, when it would act on it.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try bench.nowPlaying().playbackState == .paused, "an unrelated sink resumes nothing")
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel)

        let appeared = Date()
        module = try connect()
        // Waits for the measurement itself: the first 50 ms window at the tone's level, which
        // a fade-in reaches a moment after the tone is first heard.
        var heardAt: Date?
        _ = bench.wait(upTo: 3) {
            heardAt =
                speakers.windows(from: appeared, to: Date(), window: 0.05)
                .first { SignalAnalysis.level($0.samples, at: 440) > fixtureToneLevel - 6 }?.time
            return heardAt != nil
        }
        let heard = try #require(heardAt, "the music was not heard in the car again: \(bench.daemon.log.suffix(3000))")
        #expect(heard.timeIntervalSince(appeared) < 1, "heard in the car \(heard.timeIntervalSince(appeared)) s after its sink appeared")
        #expect(try bench.nowPlaying().playbackState == .playing)
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "and only in the car")
    }
}
