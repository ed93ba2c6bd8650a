import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Spawning
import Testing

/// Rondo plays in every room through a real Snapcast server (SPEC §14): rondod with
/// `output = "snapcast"` writes to snapserver's TCP source, and snapclients (writing what
/// they play to files, or playing to sinks of a private PulseAudio server) are the rooms.
/// The music is heard in each at its level and in step, a voice prompt over it ducks it by
/// the policy's 10.5 dB in both and it comes back, `pause` silences both, a snapserver that
/// was killed and started again is fed again without a command, and `rondo output` moves
/// the music between the audio server and the rooms without restarting it.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .dependsOnAudioServer("the music moves between the server's sink and the rooms"))
struct SnapcastOutputTests {
    static let duckDecibels = 20 * log10(0.3)

    /// A `rondo.toml` in a directory of its own whose `[snapcast] source` is `snapcast`'s,
    /// sending the sound there with `output`; the directory and the file's path.
    func configuration(for snapcast: SnapcastServer, output: Bool) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory(prefix: "rondo-snapcast-config")
        let path = directory.appending("rondo.toml")
        let text =
            (output ? "output = \"snapcast\"\n" : "")
            + "[snapcast]\nsource = \"\(snapcast.source)\"\nbuffer_ms = \(snapcast.bufferMilliseconds)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (directory, path)
    }

    /// A daemon on `config` that queued the long tone, moved the music to the rooms and
    /// stopped: the choice is in the database it leaves for the next one.
    func roomsChosenAndStopped(config: String) throws -> AudioTestBench {
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        try bench.queue("long440.mp3")
        let moved = try bench.client.call(Methods.PlayerSetOutput.self, PlayerSetOutputParams(sink: PlayerSetOutputParams.snapcast))
        #expect(moved.pinned == PlayerSetOutputParams.snapcast)
        #expect(bench.daemon.stop() == 0)
        return bench
    }

    /// Waits up to `timeout` seconds for `condition`.
    private func eventually(_ timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return try condition()
    }

    @Test func theMusicIsHeardInEveryRoom() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let study = try snapcast.addRoom("study")
        let (configDirectory, config) = try configuration(for: snapcast, output: true)
        defer { configDirectory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { daemon.stop() }
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)

        func level(_ room: SnapcastServer.Room) -> Double { SignalAnalysis.level(room.lastPlayed(seconds: 0.3), at: 440, sampleRate: 48_000) }
        for room in [kitchen, study] {
            #expect(eventually(5) { level(room) > fixtureToneLevel - 1.5 }, "the tone heard in \(room.file): \(level(room)) dB")
        }

        // A navigation prompt ducks the music in both rooms by the policy's 10.5 dB.
        let reference = level(kitchen)
        let prompt = Subprocess.capture(
            [BuiltProducts.rondo, "prompt", Fixtures.path("prompt1000.wav")], environment: ["RONDO_SOCKET": daemon.socketPath])
        #expect(prompt.status == 0, "\(prompt.stderr)")
        func promptWindows(in room: SnapcastServer.Room) -> [[Float]] {
            let heard = room.lastPlayed(seconds: 4)
            let windows = stride(from: 0, to: heard.count - 4_800, by: 4_800).map { Array(heard[$0..<($0 + 4_800)]) }
            return windows.filter { SignalAnalysis.level($0, at: 1000, sampleRate: 48_000) > fixtureToneLevel - 3 }
        }
        // A room plays what the daemon sent a moment later (Snapcast's buffer): the prompt has
        // been heard there once its last 0.1 s hold no more of it.
        for room in [kitchen, study] {
            _ = eventually(5) {
                SignalAnalysis.level(room.lastPlayed(seconds: 0.1), at: 1000, sampleRate: 48_000) < fixtureToneLevel - 3
                    && promptWindows(in: room).count >= 10
            }
        }
        for room in [kitchen, study] {
            let prompted = promptWindows(in: room)
            #expect(prompted.count >= 10, "the 1.5 s prompt was heard in \(room.file) for \(prompted.count) windows of 0.1 s")
            let ducked = prompted.dropFirst().dropLast().map { SignalAnalysis.level($0, at: 440, sampleRate: 48_000) - reference }
            #expect(ducked.allSatisfy { abs($0 - Self.duckDecibels) < 1.5 }, "\(room.file): \(ducked)")
        }
        for room in [kitchen, study] {
            #expect(eventually(3) { abs(level(room) - reference) < 1 }, "the music came back in \(room.file): \(level(room)) dB")
        }

        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .pause))
        for room in [kitchen, study] {
            #expect(eventually(3) { level(room) < silenceLevel }, "pause silences \(room.file): \(level(room)) dB")
        }
        // Paused, the feed goes quiet: Snapcast shows the stream idle, as it does any source's.
        func streamStatus() throws -> String? {
            let streams = (try snapcast.call("Server.GetStatus")["server"] as? [String: Any])?["streams"] as? [[String: Any]]
            return streams?.first { $0["id"] as? String == "Rondo" }?["status"] as? String
        }
        #expect(try eventually(5) { try streamStatus() == "idle" }, "\(String(describing: try? streamStatus()))")

        // `play` while snapserver is gone: the player waits, paused, for its server to return.
        snapcast.kill()
        _ = try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play))
        func state() throws -> PlaybackStateName { try client.call(Methods.NowPlayingGet.self).playbackState }
        #expect(try eventually(5) { try state() == .paused }, "daemon log:\n\(daemon.log.suffix(3000))")
        try snapcast.start()
        #expect(try eventually(8) { try state() == .playing }, "daemon log:\n\(daemon.log.suffix(3000))")
        for room in [kitchen, study] {
            #expect(
                eventually(8) { level(room) > fixtureToneLevel - 1.5 },
                "heard again after snapserver came back: \(level(room)) dB; its log:\n\(room.logTail)")
        }
    }

    /// Rondo's stream plug-in (`rondo-snapcast-control`) shows Rondo's now playing in
    /// Snapcast's own status, and a `Stream.Control` next from a Snapcast client moves
    /// Rondo on, through its command center: the room hears the next track.
    @Test func snapcastShowsAndDrivesRondo() throws {
        // The daemon first, on the source port the server will take: the control script
        // snapserver starts needs the daemon's socket.
        let port = try LoopbackSocket.freePort()
        let configDirectory = try TemporaryDirectory(prefix: "rondo-snapcast-config")
        defer { configDirectory.remove() }
        let config = configDirectory.appending("rondo.toml")
        try Data("output = \"snapcast\"\n[snapcast]\nsource = \"127.0.0.1:\(port)\"\n".utf8).write(to: URL(fileURLWithPath: config))
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { daemon.stop() }
        let snapcast = try SnapcastServer(
            controlScript: BuiltProducts.snapcastControl, environment: ["RONDO_SOCKET": daemon.socketPath], sourcePort: port)
        defer { snapcast.stop() }
        let room = try snapcast.addRoom("lounge")
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("long440.mp3"), Fixtures.path("steps.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        func heard(_ frequency: Double) -> Double { SignalAnalysis.level(room.lastPlayed(seconds: 0.2), at: frequency, sampleRate: 48_000) }
        #expect(eventually(6) { heard(440) > fixtureToneLevel - 1.5 }, "the first track in the room: \(heard(440)) dB")

        func stream() throws -> [String: Any] {
            let server = try snapcast.call("Server.GetStatus")["server"] as? [String: Any]
            return (server?["streams"] as? [[String: Any]])?.first { $0["id"] as? String == "Rondo" } ?? [:]
        }
        func properties() throws -> [String: Any] { try stream()["properties"] as? [String: Any] ?? [:] }
        let shown = try eventually(5) { (try properties()["metadata"] as? [String: Any])?["title"] as? String == "Long 440" }
        let status = try stream()
        #expect(shown, "\(status)")
        #expect(try properties()["playbackStatus"] as? String == "playing")
        #expect(try properties()["canGoNext"] as? Bool == true)

        _ = try snapcast.call("Stream.Control", ["id": "Rondo", "command": "next"])
        #expect(try eventually(3) { try client.call(Methods.NowPlayingGet.self).info.title == "Steps" })
        // Steps plays a tone of its own each second (300, 400, … Hz).
        let steps = { (0..<10).contains { heard(Double(300 + 100 * $0)) > fixtureToneLevel - 3 } }
        #expect(eventually(3) { steps() && heard(440) < silenceLevel }, "the next track in the room, not the first: \(heard(440)) dB at 440 Hz")
        #expect(try eventually(5) { (try properties()["metadata"] as? [String: Any])?["title"] as? String == "Steps" })
        _ = try snapcast.call("Stream.Control", ["id": "Rondo", "command": "pause"])
        #expect(try eventually(3) { try client.call(Methods.NowPlayingGet.self).playbackState == .paused })
    }

    /// The step of `steps.mp3` (second k plays 300 + 100·k Hz) loudest in `samples`, and its
    /// level in dB: where in the track a listener is.
    private func step(_ samples: [Float], sampleRate: Double) -> (index: Int, level: Double) {
        let levels = (0..<10).map { SignalAnalysis.level(samples, at: Double(300 + 100 * $0), sampleRate: sampleRate) }
        let loudest = levels.indices.max { levels[$0] < levels[$1] }!
        return (loudest, levels[loudest])
    }

    /// `rondo output snapcast` moves the music from the audio server to the rooms, and
    /// `rondo output default` brings it back, each time from where it was heard (not from
    /// the track's start), at the listener's volume; the place left falls silent.
    @Test func theMusicMovesToTheRoomsAndBackWithoutRestarting() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let (configDirectory, config) = try configuration(for: snapcast, output: false)
        defer { configDirectory.remove() }
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        let environment = ["RONDO_SOCKET": bench.daemon.socketPath]
        func rondo(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
            Subprocess.capture([BuiltProducts.rondo] + arguments, environment: environment)
        }
        // The daemon answers before its connection to the audio server has listed the sinks.
        #expect(
            try eventually(3) {
                try bench.client.call(Methods.PlayerOutputsGet.self).outputs.contains { $0.name == bench.pulse.sink && $0.inUse }
            })
        let listed = try bench.client.call(Methods.PlayerOutputsGet.self)
        #expect(listed.outputs.last?.name == "snapcast" && listed.outputs.last?.inUse == false, "\(listed)")

        _ = try bench.client.call(Methods.PlayerSetVolume.self, PlayerSetVolumeParams(volume: 0.5))
        try bench.queue("steps.mp3")
        try bench.send(.play)
        #expect(bench.wait(upTo: 4) { step(bench.monitor.listen(for: 0.1), sampleRate: MonitorRecorder.sampleRate).index == 2 })

        let moved = rondo("output", "snapcast")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("* snapcast"), "\(moved.stdout)")
        #expect(moved.stdout.contains("pinned to snapcast"), "\(moved.stdout)")
        var firstInRoom: (index: Int, level: Double)?
        _ = bench.wait(upTo: 5) {
            // A whole window of one step (at the volume's −6 dB), not the onset's first few
            // milliseconds, whose spectrum is too broad to tell the steps apart.
            let heard = step(kitchen.lastPlayed(seconds: 0.1), sampleRate: 48_000)
            if heard.level > fixtureToneLevel - 12 { firstInRoom = heard }
            return firstInRoom != nil
        }
        let inRoom = try #require(firstInRoom, "nothing heard in the kitchen after rondo output snapcast")
        #expect((2...4).contains(inRoom.index), "the kitchen took up the track at its step \(inRoom.index), not where it was (2)")
        #expect(bench.wait(upTo: 1.5) { bench.heardLevel(of: 300 + 100 * Double(inRoom.index), over: 0.2) < silenceLevel })
        // The listener's volume (−6 dB) holds in the rooms: the loudest 0.1 s of half a second.
        Thread.sleep(forTimeInterval: 0.5)
        let heard = kitchen.lastPlayed(seconds: 0.5)
        let windows = stride(from: 0, to: heard.count - 4_800, by: 2_400).map { step(Array(heard[$0..<($0 + 4_800)]), sampleRate: 48_000).level }
        let roomLevel = windows.max() ?? SignalAnalysis.floor
        #expect(abs(roomLevel - (fixtureToneLevel - 6.02)) < 1.5, "the kitchen at volume 50 %: \(roomLevel) dB")

        let lastInRoom = step(kitchen.lastPlayed(seconds: 0.1), sampleRate: 48_000)
        let back = rondo("output", "default")
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("following the default output"), "\(back.stdout)")
        var firstBack: (index: Int, level: Double)?
        _ = bench.wait(upTo: 3) {
            let heard = step(bench.monitor.listen(for: 0.1), sampleRate: MonitorRecorder.sampleRate)
            if heard.level > fixtureToneLevel - 12 { firstBack = heard }
            return firstBack != nil
        }
        let atServer = try #require(firstBack, "nothing heard at the audio server after rondo output default")
        // Where the kitchen was when it was left (the rooms play snapserver's buffer behind
        // what was sent, and now playing counts it), give or take the step it moved on to.
        #expect(
            (lastInRoom.index...lastInRoom.index + 1).contains(atServer.index),
            "the audio server took up the track at its step \(atServer.index), the kitchen was at \(lastInRoom.index)")
        #expect(bench.wait(upTo: 3) { SignalAnalysis.level(kitchen.lastPlayed(seconds: 0.2)) < silenceLevel })
        let after = try bench.client.call(Methods.PlayerOutputsGet.self)
        #expect(after.pinned == nil && after.outputs.contains { $0.name == bench.pulse.sink && $0.inUse }, "\(after)")
    }

    /// Now playing is where the rooms are: with `output = "snapcast"`, the elapsed time at
    /// the moment a room starts a new second of `steps.mp3` is that second, within 0.1 s:
    /// what snapserver holds back (its `buffer`, told by `[snapcast] buffer_ms`) counted.
    @Test func nowPlayingIsWhereTheRoomsAre() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let (configDirectory, config) = try configuration(for: snapcast, output: true)
        defer { configDirectory.remove() }
        let bench = try AudioTestBench(daemonArguments: ["--config", config])
        try bench.queue("steps.mp3")
        try bench.send(.play)
        var offsets: [Double] = []
        var heardStep: Int?
        let deadline = Date().addingTimeInterval(12)
        while offsets.count < 4, Date() < deadline {
            // A new second shows in the room's last 30 ms once it fills most of them.
            let heard = step(kitchen.lastPlayed(seconds: 0.03), sampleRate: 48_000)
            let moment = Date().timeIntervalSince1970
            guard heard.level > fixtureToneLevel - 12 else { continue }
            if let last = heardStep, heard.index == last + 1, heard.index >= 2 {
                let info = try bench.nowPlaying().info
                let elapsed = (info.elapsedPlaybackTime ?? 0) + (moment - (info.timestamp ?? moment)) * (info.playbackRate ?? 0)
                offsets.append(elapsed - Double(heard.index) - 0.015)
            }
            heardStep = heard.index
            Thread.sleep(forTimeInterval: 0.005)
        }
        print("now playing − the kitchen, at each new second: \(offsets) s")
        #expect(offsets.count >= 3, "the kitchen heard too few steps: \(offsets)")
        #expect(offsets.allSatisfy { abs($0) < 0.1 }, "now playing ahead of the kitchen by \(offsets) s")
    }

    /// The rooms, once chosen, are where the music goes after a restart too.
    @Test func theRoomsAreKeptAcrossARestart() throws {
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        let kitchen = try snapcast.addRoom("kitchen")
        let (configDirectory, config) = try configuration(for: snapcast, output: false)
        defer { configDirectory.remove() }
        let bench = try roomsChosenAndStopped(config: config)

        let again = try DaemonProcess(pulseServer: bench.pulse.server, arguments: ["--config", config], restarting: bench.daemon)
        defer { _ = again.stop() }
        let client = try again.client()
        #expect(try client.call(Methods.PlayerOutputsGet.self).pinned == PlayerSetOutputParams.snapcast)
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)
        func level() -> Double { SignalAnalysis.level(kitchen.lastPlayed(seconds: 0.3), at: 440, sampleRate: 48_000) }
        #expect(eventually(5) { level() > fixtureToneLevel - 1.5 }, "heard in the kitchen after the restart: \(level()) dB")
        #expect(bench.heardLevel(of: 440, over: 0.3) < silenceLevel, "and not at the audio server")
    }

    /// Two rooms play in step: each snapclient plays to a mono sink of one private
    /// PulseAudio server, the one laid on the left, the other on the right of a null sink,
    /// so one recording of that sink's monitor holds both rooms, aligned by the server's own
    /// mixing. Over pink noise, their offset by cross-correlation is under 5 ms.
    @Test func twoRoomsPlayInStep() throws {
        let house = try PulseServer(kind: .pulseaudio)
        defer { house.stop() }
        for (room, side) in [("room_left", "front-left"), ("room_right", "front-right")] {
            let loaded = house.pactl(
                "load-module", "module-remap-sink", "sink_name=\(room)", "master=\(house.sink)", "channels=1",
                "channel_map=mono", "master_channel_map=\(side)", "remix=no")
            try #require(loaded.status == 0, "\(loaded.stderr)")
        }
        let snapcast = try SnapcastServer()
        defer { snapcast.stop() }
        _ = try snapcast.addRoom("left", pulseServer: house.server, sink: "room_left")
        _ = try snapcast.addRoom("right", pulseServer: house.server, sink: "room_right")
        let (configDirectory, config) = try configuration(for: snapcast, output: true)
        defer { configDirectory.remove() }
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { daemon.stop() }
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("noise48k.mp3")]))
        #expect(try client.call(Methods.RemoteSend.self, RemoteSendParams(command: .play)).status == .success)

        // Both rooms sounding, then two seconds of the house's monitor, left and right.
        // The two remap sinks' own inputs into the null sink, and one stream per room.
        #expect(eventually(5) { house.pactl("list", "short", "sink-inputs").stdout.split(separator: "\n").count >= 4 })
        Thread.sleep(forTimeInterval: 1)
        let recording = configDirectory.appending("house.raw")
        let recorder = try ChildProcess(
            [
                "/usr/bin/parec", "--server=" + house.server, "--device=\(house.sink).monitor", "--rate=44100", "--channels=2",
                "--format=s16le", "--raw", "--latency-msec=20",
            ],
            standardOutput: .file(recording))
        Thread.sleep(forTimeInterval: 2)
        _ = recorder.terminate(grace: 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: recording))
        let (left, right) = bytes.withUnsafeBytes { raw -> ([Float], [Float]) in
            let frames = raw.count / 4
            let sample = { (offset: Int) in Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int16.self))) / 32_768 }
            return ((0..<frames).map { sample($0 * 4) }, (0..<frames).map { sample($0 * 4 + 2) })
        }
        try #require(left.count > 44_100, "the recording holds \(left.count) frames")
        #expect(
            SignalAnalysis.level(left) > silenceLevel && SignalAnalysis.level(right) > silenceLevel,
            "both rooms heard: \(SignalAnalysis.level(left)), \(SignalAnalysis.level(right)) dB")
        let offset = SignalAnalysis.lag(of: right, behind: left, maximumLag: 441, window: 22_050)
        let milliseconds = Double(offset.samples) / 44.1
        #expect(offset.correlation > 0.5, "the rooms play the same sound: correlation \(offset.correlation) at \(milliseconds) ms")
        #expect(abs(milliseconds) < 5, "the right room plays \(milliseconds) ms behind the left")
    }
}
