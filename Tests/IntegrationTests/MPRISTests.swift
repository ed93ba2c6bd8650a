import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// rondod on a private D-Bus session bus, driven by the MPRIS clients a desktop uses
/// (`playerctl`, `gdbus`, `busctl`, `dbus-monitor`), and heard at the null sink's monitor.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .sameOnEveryAudioServer("the bus's methods, properties and signals; the ear only tells play from pause"))
struct MPRISTests {
    /// A bench whose daemon is on `bus`, once `playerctl -l` lists it.
    private func bench(on bus: SessionBus) throws -> AudioTestBench {
        let bench = try AudioTestBench(daemonEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(listed(on: bus, within: 3), "rondo never appeared on the bus:\n\(bench.daemon.log)")
        return bench
    }

    /// Whether `playerctl -l` lists rondo within `seconds`.
    private func listed(on bus: SessionBus, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if bus.run(["/usr/bin/playerctl", "-l"]).stdout.split(separator: "\n").contains("rondo") { return true }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        return false
    }

    /// `playerctl -p rondo ARGUMENTS`: its status and output, trimmed.
    private func playerctl(_ bus: SessionBus, _ arguments: String...) -> (status: Int32, output: String, error: String) {
        let run = bus.run(["/usr/bin/playerctl", "-p", "rondo"] + arguments)
        return (run.status, run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), run.stderr)
    }

    /// `gdbus call` of `method` on rondo's MPRIS object with `arguments`.
    private func gdbus(_ bus: SessionBus, _ method: String, _ arguments: String...) -> (status: Int32, stdout: String, stderr: String) {
        bus.run(
            [
                "/usr/bin/gdbus", "call", "--session", "-d", "org.mpris.MediaPlayer2.rondo", "-o", "/org/mpris/MediaPlayer2",
                "-m", method,
            ] + arguments)
    }

    private func remote(_ bench: AudioTestBench, _ command: RemoteCommandName) throws -> RemoteCommandInfo? {
        try bench.client.call(Methods.RemoteList.self).first { $0.command == command }
    }

    /// Every playerctl command a media key or widget sends acts on the daemon, reads back as
    /// `rondo` shows it, and is heard.
    @Test func playerctlDrivesThePlayerAndIsHeard() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let bench = try bench(on: bus)
        try bench.queue("steps.mp3", "long440.mp3")
        #expect(playerctl(bus, "status").output == "Stopped")

        #expect(playerctl(bus, "play").status == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .playing })
        #expect(playerctl(bus, "status").output == "Playing")
        #expect(playerctl(bus, "metadata", "--format", "{{title}} {{artist}} {{mpris:length}}").output == "Steps Rondo Fixtures 10000000")

        #expect(playerctl(bus, "position", "5").status == 0)
        #expect(try bench.wait(upTo: 2) { try (bench.nowPlaying().info.elapsedPlaybackTime ?? 0) > 5.05 })
        let afterSet = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(afterSet > 5 && afterSet < 5.8, "at \(afterSet) s after position 5")
        #expect(abs(bench.heardFrequency() - 800) <= 100, "second 5 of the steps is 800 Hz")
        #expect(playerctl(bus, "position", "2+").status == 0)
        #expect(try bench.wait(upTo: 2) { try (bench.nowPlaying().info.elapsedPlaybackTime ?? 0) - afterSet > 2 })
        let afterForward = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        #expect(afterForward - afterSet > 2 && afterForward - afterSet < 3, "\(afterSet) s, then \(afterForward) s after 2+")
        let reported = Double(playerctl(bus, "position").output) ?? -1
        #expect(abs(reported - (try bench.nowPlaying().info.elapsedPlaybackTime ?? 0)) < 0.3, "playerctl position \(reported)")

        #expect(playerctl(bus, "next").status == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.playbackQueueIndex == 1 })
        #expect(playerctl(bus, "metadata", "title").output == "Long 440")
        // Measured once the skip's rise is over, and again once the volume's step has settled.
        let fullLevel = bench.steadyLevel(of: 440)
        #expect(fullLevel > fixtureToneLevel - 3)

        #expect(playerctl(bus, "volume", "0.5").status == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().volume == 0.5 })
        let halfLevel = bench.steadyLevel(of: 440, near: fullLevel - 6.02)
        #expect(abs(halfLevel - fullLevel + 6.02) < 1.5, "full \(fullLevel) dBFS, at volume 0.5 \(halfLevel) dBFS")
        #expect(Double(playerctl(bus, "volume").output) == 0.5)

        #expect(playerctl(bus, "shuffle", "On").status == 0)
        #expect(try bench.wait(upTo: 2) { try remote(bench, .changeShuffleMode)?.currentShuffleType == .items })
        #expect(playerctl(bus, "shuffle").output == "On")
        #expect(playerctl(bus, "loop", "Track").status == 0)
        #expect(try bench.wait(upTo: 2) { try remote(bench, .changeRepeatMode)?.currentRepeatType == .one })
        #expect(playerctl(bus, "loop").output == "Track")

        #expect(playerctl(bus, "play-pause").status == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .paused })
        #expect(playerctl(bus, "status").output == "Paused")
        bench.waitUntilSilent(at: 440)
        #expect(bench.heardLevel(of: 440) < silenceLevel)
    }

    /// `Rate` written snaps to a supported rate, and 0 pauses (the specification's rule).
    @Test func rateSnapsAndZeroPauses() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let bench = try bench(on: bus)
        try bench.queue("long440.mp3")
        try bench.send(.play)
        let set = { (rate: String) in
            gdbus(bus, "org.freedesktop.DBus.Properties.Set", "org.mpris.MediaPlayer2.Player", "Rate", "<\(rate)>")
        }
        #expect(set("1.4").status == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.playbackRate == 1.5 })
        #expect(set("0.0").status == 0)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .paused })
        let rate = gdbus(bus, "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Rate")
        #expect(rate.stdout.contains("<1.5>"), "Rate while paused: \(rate.stdout)")
    }

    /// Both interfaces introspect, and `GetAll` on each returns every property with the
    /// specification's types (KDE drops a player whose GetAll fails or mistypes).
    @Test func bothInterfacesAnswerGetAllWithTheirTypes() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let bench = try bench(on: bus)
        try bench.queue("steps.mp3")
        try bench.send(.play)
        let introspection = bus.run(["/usr/bin/busctl", "--user", "introspect", "org.mpris.MediaPlayer2.rondo", "/org/mpris/MediaPlayer2"])
        #expect(introspection.stdout.contains("org.mpris.MediaPlayer2 "), "\(introspection.stdout)\(introspection.stderr)")
        #expect(introspection.stdout.contains("org.mpris.MediaPlayer2.Player "))
        let getAll = { (interface: String) in gdbus(bus, "org.freedesktop.DBus.Properties.GetAll", interface).stdout }
        let root = getAll("org.mpris.MediaPlayer2")
        for expected in [
            "'CanQuit': <false>", "'CanRaise': <false>", "'HasTrackList': <false>", "'Identity': <'Rondo'>",
            "'DesktopEntry': <'rondo'>", "'SupportedUriSchemes': <['file']>", "'SupportedMimeTypes': <['audio/mpeg'",
        ] {
            #expect(root.contains(expected), "\(expected) in \(root)")
        }
        let player = getAll("org.mpris.MediaPlayer2.Player")
        for expected in [
            "'PlaybackStatus': <'Playing'>", "'LoopStatus': <'None'>", "'Rate': <1.0>", "'Shuffle': <false>",
            "'Volume': <1.0>", "'Position': <int64 ", "'MinimumRate': <0.5>", "'MaximumRate': <2.0>",
            "'CanGoNext': <true>", "'CanGoPrevious': <true>", "'CanPlay': <true>", "'CanPause': <true>",
            "'CanSeek': <true>", "'CanControl': <true>", "'mpris:trackid': <objectpath '/org/rondo/track/",
            "'mpris:length': <int64 10000000>", "'xesam:title': <'Steps'>", "'xesam:artist': <['Rondo Fixtures']>",
            "'xesam:album': <'Test Tones'>", "'xesam:trackNumber': <2>", "'xesam:url': <'file:///",
        ] {
            #expect(player.contains(expected), "\(expected) in \(player)")
        }
    }

    /// `PropertiesChanged` with the whole Metadata on `next`, `Seeked` on a seek, and nothing
    /// over seconds of steady playback, a prompt ducking the music in the middle of them,
    /// until a second seek's `Seeked`.
    @Test func signalsFollowChangesAndOnlyChanges() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let bench = try bench(on: bus)
        try bench.queue("steps.mp3", "long440.mp3")
        try bench.send(.play)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().playbackState == .playing })
        let log = bench.daemon.directory.appending("dbus-monitor.log")
        let monitor = try ChildProcess(
            ["/usr/bin/dbus-monitor", "--address", bus.address, "type='signal',path='/org/mpris/MediaPlayer2'"],
            standardOutput: .file(log))
        defer { _ = monitor.terminate() }
        let signals = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        // A monitor loses its unique name as it turns monitor: from then on it hears every signal.
        #expect(bench.wait(upTo: 3) { signals().contains("member=NameLost") }, "dbus-monitor: \(signals())")

        try bench.send(.nextTrack)
        #expect(try bench.wait(upTo: 2) { signals().contains("Long 440") })
        let afterNext = signals()
        #expect(afterNext.contains("member=PropertiesChanged"))
        for key in ["mpris:trackid", "mpris:length", "xesam:title", "xesam:artist", "xesam:album", "xesam:url"] {
            #expect(afterNext.contains("\"\(key)\""), "full Metadata carries \(key):\n\(afterNext)")
        }
        try bench.send(.changePlaybackPosition, positionTime: 3)
        // The position, once its line is written whole.
        let seekedTo = { () -> Int64? in
            let line = signals().components(separatedBy: "member=Seeked").dropFirst().last?
                .components(separatedBy: "int64 ").dropFirst().first
            guard let line, line.contains("\n") else { return nil }
            return Int64(line.prefix { $0.isNumber })
        }
        #expect(try bench.wait(upTo: 2) { seekedTo() != nil })
        let position = seekedTo() ?? -1
        #expect(position >= 3_000_000 && position < 3_100_000, "Seeked to 3 s:\n\(signals())")

        let quietFrom = signals().count
        #expect(try playsOn(1.5, bench))
        let prompt = try ChildProcess(
            [BuiltProducts.rondo] + AudioSessionByEarTests.promptExec.dropLast() + ["/bin/sleep", "2"],
            environment: ["RONDO_SOCKET": bench.daemon.socketPath, "PULSE_SERVER": bench.pulse.server])
        #expect(
            try bench.wait(upTo: 2) {
                try bench.client.call(Methods.SessionList.self).first { $0.session == "rondo.player" }?.state == .ducked
            })
        _ = prompt.wait()
        #expect(
            try bench.wait(upTo: 3) {
                try bench.client.call(Methods.SessionList.self).first { $0.session == "rondo.player" }?.state != .ducked
            })
        #expect(try playsOn(1.5, bench))
        #expect(try bench.nowPlaying().playbackState == .playing)
        // A seek now is signalled: once its `Seeked` is written, any signal sent before it is too.
        try bench.send(.changePlaybackPosition, positionTime: 1)
        #expect(try bench.wait(upTo: 2) { signals().dropFirst(quietFrom).contains("member=Seeked") })
        let quiet = String(signals().dropFirst(quietFrom)).components(separatedBy: "member=Seeked")[0]
        #expect(!quiet.contains("member="), "signals during steady playback and a duck:\n\(quiet)")
    }

    /// While a call is active, Play is refused with the arbiter's reason, as `rondo play` is.
    @Test func aCallRefusesPlayWithItsReason() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let bench = try bench(on: bus)
        try bench.queue("long440.mp3")
        let call = try bench.daemon.client()
        let session = try call.call(
            Methods.SessionOpen.self, SessionOpenParams(name: "call", category: .playAndRecord, mode: .voiceChat))
        _ = try call.call(Methods.SessionActivate.self, session)
        let play = playerctl(bus, "play")
        #expect(play.status != 0)
        #expect(play.error.contains("insufficientPriority"), "\(play.error)")
        #expect(try bench.nowPlaying().playbackState == .stopped)
        #expect(bench.heardLevel(of: 440) < silenceLevel)
    }

    /// A daemon started with no bus serves its socket, says so once, and appears when a bus
    /// does; a bus killed and started again lists it again within 2 s.
    @Test func theBusComingAndGoingFindsRondoAgain() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        bus.kill()
        let daemon = try DaemonProcess(pulseServer: nil, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { _ = daemon.stop() }
        #expect(eventually { daemon.log.contains("MPRIS: no session bus") })
        // The attempts after the first come 0.1 and 0.3 s later.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).pid == daemon.pid)
        #expect(daemon.log.components(separatedBy: "MPRIS: no session bus").count == 2, "\(daemon.log)")

        try bus.start()
        #expect(listed(on: bus, within: 2), "\(daemon.log)")
        bus.kill()
        try bus.start()
        #expect(listed(on: bus, within: 2), "\(daemon.log)")
        #expect(playerctl(bus, "status").output == "Stopped")
    }

    /// A bus that appears long after the daemon started (its socket watched, no longer tried
    /// every second) is found as it appears, not at the next of the ever longer waits.
    @Test func aBusThatAppearsLateIsFoundAsItAppears() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        bus.kill()
        let daemon = try DaemonProcess(pulseServer: nil, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { _ = daemon.stop() }
        // Attempts at 0, 0.1, 0.3, 0.7, 1.5, 3.1 s; the next would be at 6.3 s.
        Thread.sleep(forTimeInterval: 3.5)
        try bus.start()
        #expect(listed(on: bus, within: 1.5), "\(daemon.log)")
    }

    /// A song's MusicBrainz recording and release, as Picard tags MP3, FLAC, Ogg Vorbis and
    /// Opus files, are in its MPRIS metadata (`xesam:musicBrainzTrackID`, `…AlbumID`) while
    /// it plays.
    @Test func musicBrainzIdentifiersAreInTheMetadata() throws {
        let bus = try SessionBus()
        defer { bus.stop() }
        let bench = try bench(on: bus)
        let scratch = try TemporaryDirectory(prefix: "rondo-musicbrainz")
        defer { scratch.remove() }
        let release = "0b8e4f35-3c39-4a0e-8d2e-2a2e6f0a0002"
        for (index, format) in TaggedFiles.formats.enumerated() {
            let recording = "f3b5b6a1-5cbb-4e2b-9d1e-1c1e6f0a000\(index)"
            let file = scratch.appending("identified.\(format)")
            #expect(TaggedFiles.write(file, title: "Identified", recording: recording, release: release), "\(format)")
            _ = try bench.client.call(Methods.QueueSet.self, QueueItemsParams(items: [file]))
            try bench.send(.play)
            let shown = bench.wait(upTo: 3) { playerctl(bus, "metadata", "xesam:musicBrainzTrackID").output == recording }
            #expect(shown, "\(format): \(playerctl(bus, "metadata").output)")
            #expect(playerctl(bus, "metadata", "xesam:musicBrainzAlbumID").output == release, "\(format)")
        }
    }

    /// Waits until the daemon says `seconds` more of the track have played (up to three times
    /// as long): a span of steady playback measured on the player's own clock, in which no
    /// signal may come.
    private func playsOn(_ seconds: Double, _ bench: AudioTestBench) throws -> Bool {
        let start = try #require(try bench.nowPlaying().info.elapsedPlaybackTime)
        return try bench.wait(upTo: 3 * seconds) {
            let info = try bench.nowPlaying().info
            let elapsed = (info.elapsedPlaybackTime ?? 0) + (Date().timeIntervalSince1970 - (info.timestamp ?? 0)) * (info.playbackRate ?? 0)
            return elapsed >= start + seconds
        }
    }
}
