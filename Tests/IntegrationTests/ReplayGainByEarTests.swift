import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// ReplayGain as a listener hears it: tagged copies of one 440 Hz tone played by the daemon,
/// their levels measured at the sink's monitor.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("levels heard through the server's volume path"))
struct ReplayGainByEarTests {
    /// The files of one test and the scratch directory they are made in.
    private struct TaggedTones {
        let scratch: TemporaryDirectory

        init() throws { scratch = try TemporaryDirectory(prefix: "rondo-replaygain") }

        /// A 20 s 440 Hz FLAC tone at a quarter of full scale, tagged with `tags`.
        func flac(_ name: String, _ tags: [String: String]) throws -> String {
            let path = scratch.appending("\(name).flac")
            try #require(
                Subprocess.run(["/usr/bin/sox", "-n", "-r", "44100", "-c", "2", "-b", "16", path, "synth", "20", "sine", "440", "vol", "0.25"]) == 0)
            let setting = tags.map { "--set-tag=\($0.key)=\($0.value)" }
            try #require(Subprocess.run(["/usr/bin/metaflac"] + setting + [path]) == 0)
            return path
        }

        /// The same tone as Opus, with `comments` (such as R128 gains).
        func opus(_ name: String, _ comments: [String: String]) throws -> String {
            let wav = scratch.appending("\(name).wav")
            let path = scratch.appending("\(name).opus")
            try #require(
                Subprocess.run(["/usr/bin/sox", "-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "20", "sine", "440", "vol", "0.25"]) == 0)
            let commenting = comments.flatMap { ["--comment", "\($0.key)=\($0.value)"] }
            try #require(Subprocess.run(["/usr/bin/opusenc", "--quiet"] + commenting + [wav, path]) == 0)
            return path
        }
    }

    private func setMode(_ bench: AudioTestBench, _ mode: ReplayGainModeName) throws {
        #expect(try bench.client.call(Methods.PlayerSetReplayGain.self, PlayerSetReplayGainParams(mode: mode)).mode == mode)
    }

    /// The level of the tone heard once a change has settled: a level measured while the
    /// stream still starts, or half before and half after a gain change, would be off.
    private func settledLevel(_ bench: AudioTestBench) -> Double {
        Thread.sleep(forTimeInterval: 0.3)
        return bench.steadyLevel(of: 440, near: nil)
    }

    /// Two tracks tagged −6 dB and +3 dB are heard 9 dB apart in track mode (set in
    /// rondo.toml), and at the same level once ReplayGain is turned off, at once.
    @Test func trackGainsAreHeardNineDecibelsApart() throws {
        let tones = try TaggedTones()
        defer { tones.scratch.remove() }
        let quiet = try tones.flac("quiet", ["REPLAYGAIN_TRACK_GAIN": "-6.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.25"])
        let loud = try tones.flac("loud", ["REPLAYGAIN_TRACK_GAIN": "+3.00 dB", "REPLAYGAIN_TRACK_PEAK": "0.25"])
        let config = tones.scratch.appending("rondo.toml")
        try "[playback]\nreplaygain = \"track\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        #expect(try bench.client.call(Methods.PlayerReplayGainGet.self).mode == .track)
        _ = try bench.client.call(Methods.QueueSet.self, QueueItemsParams(items: [quiet, loud]))
        try bench.send(.play)
        let quietLevel = settledLevel(bench)
        try bench.send(.nextTrack)
        let loudLevel = settledLevel(bench)
        #expect(abs(loudLevel - quietLevel - 9) < 0.5, "heard \(quietLevel) and \(loudLevel) dBFS")

        try setMode(bench, .off)
        let loudUntagged = settledLevel(bench)
        #expect(abs(loudLevel - loudUntagged - 3) < 0.5, "heard \(loudUntagged) dBFS with ReplayGain off")
        try bench.send(.previousTrack)
        let quietUntagged = settledLevel(bench)
        #expect(abs(quietUntagged - loudUntagged) < 0.5, "heard \(quietUntagged) and \(loudUntagged) dBFS with ReplayGain off")
    }

    /// Album mode plays both tracks at their album's gain, whatever their track gains say.
    @Test func albumModeUsesTheAlbumGain() throws {
        let tones = try TaggedTones()
        defer { tones.scratch.remove() }
        let album = ["REPLAYGAIN_ALBUM_GAIN": "-4.00 dB", "REPLAYGAIN_ALBUM_PEAK": "0.25"]
        let first = try tones.flac("first", album.merging(["REPLAYGAIN_TRACK_GAIN": "-6.00 dB"]) { a, _ in a })
        let second = try tones.flac("second", album.merging(["REPLAYGAIN_TRACK_GAIN": "+3.00 dB"]) { a, _ in a })
        let bench = try AudioTestBench()
        _ = try bench.client.call(Methods.QueueSet.self, QueueItemsParams(items: [first, second]))
        try bench.send(.play)
        let untagged = settledLevel(bench)
        try setMode(bench, .album)
        let firstLevel = settledLevel(bench)
        try bench.send(.nextTrack)
        let secondLevel = settledLevel(bench)
        #expect(abs(untagged - firstLevel - 4) < 0.5, "heard \(untagged) then \(firstLevel) dBFS")
        #expect(abs(firstLevel - secondLevel) < 0.5, "heard \(firstLevel) and \(secondLevel) dBFS")
    }

    /// An Opus file's R128 gain (Q7.8 dB at −23 LUFS) is moved to ReplayGain's −18 LUFS:
    /// −2816 / 256 = −11 dB is heard 6 dB down.
    @Test func opusR128GainIsConverted() throws {
        let tones = try TaggedTones()
        defer { tones.scratch.remove() }
        let tone = try tones.opus("r128", ["R128_TRACK_GAIN": "-2816"])
        let bench = try AudioTestBench()
        _ = try bench.client.call(Methods.QueueSet.self, QueueItemsParams(items: [tone]))
        try bench.send(.play)
        let untagged = settledLevel(bench)
        try setMode(bench, .track)
        let tagged = settledLevel(bench)
        #expect(abs(untagged - tagged - 6) < 0.5, "heard \(untagged) then \(tagged) dBFS")
    }
}
