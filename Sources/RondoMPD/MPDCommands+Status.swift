import Audio
import Foundation
import Library
import MPDProtocol
import Playback
import PlaybackWire
import RondoProtocol

/// The player's state, transport, modes, volume and outputs. `single 1` is Rondo's repeat
/// one (MPD's `repeat 1` + `single 1`), and `single 0` goes back to what `repeat` says
/// (``MPDModes``); `random 1` is shuffle by items; `consume` is not kept (Rondo keeps what
/// it played in its queue, so the queue can go back and resume), so `consume 1` is refused
/// with why, as are crossfading and mix-ramping (Rondo plays tracks gapless).
extension MPDCommands {
    static let statusCommands: [(String, Command)] = [
        (
            "status",
            Command.immediate(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in commands.writeStatus(&output) }
        ),
        (
            "currentsong",
            Command(permission: .authorized, arguments: 0...0) { commands, _, client, output throws(MPDAck) in
                guard let index = commands.status.currentIndex else { return }
                guard let queued = await commands.queuedSongs(index..<(index + 1)).first else { return }
                output.song(commands.paths.song(queued), position: index, id: Int(queued.entry.id), priority: queued.priority, for: client)
            }
        ),
        (
            "stats",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                try await commands.stats(&output)
            }
        ),
        ("clearerror", Command.immediate(permission: .authorized, arguments: 0...0) { _, _, _, _ throws(MPDAck) in }),
        (
            "play",
            Command(permission: .authorized, arguments: 0...1) { commands, arguments, _, _ throws(MPDAck) in
                if let position = arguments.first {
                    try await commands.play(at: try integer(position, "play"), command: "play")
                } else {
                    try await commands.send(.play, "play")
                }
            }
        ),
        (
            "playid",
            Command(permission: .authorized, arguments: 0...1) { commands, arguments, _, _ throws(MPDAck) in
                guard let id = arguments.first else { return try await commands.send(.play, "playid") }
                try await commands.play(at: try await commands.position(ofID: id, "playid"), command: "playid")
            }
        ),
        (
            "pause",
            Command(permission: .authorized, arguments: 0...1) { commands, arguments, _, _ throws(MPDAck) in
                switch arguments.first {
                case nil: try await commands.send(.togglePlayPause, "pause")
                case "1": try await commands.send(.pause, "pause")
                case "0": try await commands.send(.play, "pause")
                case let other?: throw MPDAck(.argument, command: "pause", "Boolean (0/1) expected: \(other)")
                }
            }
        ),
        ("stop", Command(permission: .authorized, arguments: 0...0) { commands, _, _, _ throws(MPDAck) in try await commands.send(.stop, "stop") }),
        (
            "next",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, _ throws(MPDAck) in
                try await commands.skip(.nextTrack, "next")
            }
        ),
        (
            "previous",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, _ throws(MPDAck) in
                try await commands.skip(.previousTrack, "previous")
            }
        ),
        (
            "seek",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                try await commands.seek(position: try integer(arguments[0], "seek"), to: try seconds(arguments[1], "seek"), "seek")
            }
        ),
        (
            "seekid",
            Command(permission: .authorized, arguments: 2...2) { commands, arguments, _, _ throws(MPDAck) in
                let position = try await commands.position(ofID: arguments[0], "seekid")
                try await commands.seek(position: position, to: try seconds(arguments[1], "seekid"), "seekid")
            }
        ),
        (
            "seekcur",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let text = arguments[0]
                guard commands.status.state != .stopped else { throw MPDAck(.playerSync, command: "seekcur", "Not playing") }
                var target = try seconds(text, "seekcur")
                if text.hasPrefix("+") || text.hasPrefix("-") { target += commands.player.elapsed(of: commands.status) }
                try await commands.send(.changePlaybackPosition(max(0, target)), "seekcur")
            }
        ),
        (
            "random",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let on = try boolean(arguments[0], "random")
                try await commands.send(.changeShuffleMode(on ? .items : .off), "random")
            }
        ),
        (
            "repeat",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let on = try boolean(arguments[0], "repeat")
                let mode = commands.modes.mode(settingRepeat: on, from: commands.status.repeatMode)
                try await commands.send(.changeRepeatMode(mode), "repeat")
            }
        ),
        (
            "single",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                // `oneshot`: the song plays to its end, and the next one waits paused at its start.
                let oneshot = arguments[0] == "oneshot"
                guard oneshot || ["0", "1"].contains(arguments[0]) else {
                    throw MPDAck(.argument, command: "single", "Unrecognized single mode, expected 0, 1, or oneshot")
                }
                let on = arguments[0] == "1"
                let mode = commands.modes.mode(settingSingle: on, from: commands.status.repeatMode)
                try await commands.send(.changeRepeatMode(mode), "single")
                await commands.player.setPausesAtItemEnd(oneshot)
            }
        ),
        (
            "consume",
            Command.immediate(permission: .authorized, arguments: 1...1) { _, arguments, _, _ throws(MPDAck) in
                guard try boolean(arguments[0], "consume") else { return }
                throw MPDAck(
                    .argument, command: "consume",
                    "consume is not supported: Rondo keeps played songs in the queue so that previous and resume can go back to them")
            }
        ),
        (
            "crossfade",
            Command.immediate(permission: .authorized, arguments: 1...1) { _, arguments, _, _ throws(MPDAck) in
                guard try integer(arguments[0], "crossfade") == 0 else {
                    throw MPDAck(.argument, command: "crossfade", "crossfade is not supported: Rondo plays tracks gapless")
                }
            }
        ),
        (
            "mixrampdb",
            Command.immediate(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                guard let decibels = Double(arguments[0]), decibels.isFinite else {
                    throw MPDAck(.argument, command: "mixrampdb", "Float expected: \(arguments[0])")
                }
                commands.modes.mixRampDecibels = decibels
            }
        ),
        (
            "mixrampdelay",
            Command.immediate(permission: .authorized, arguments: 1...1) { _, arguments, _, _ throws(MPDAck) in
                guard let seconds = Double(arguments[0]) else {
                    throw MPDAck(.argument, command: "mixrampdelay", "Float expected: \(arguments[0])")
                }
                // MPD's `nan` or a negative delay turns mix-ramping off, which it is.
                guard seconds.isNaN || seconds < 0 else {
                    throw MPDAck(.argument, command: "mixrampdelay", "mixramp is not supported: Rondo plays tracks gapless")
                }
            }
        ),
        (
            "replay_gain_mode",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                guard let mode = ReplayGainMode(rawValue: arguments[0]) else {
                    throw MPDAck(.argument, command: "replay_gain_mode", "Unrecognized replay gain mode")
                }
                var settings = await commands.player.replayGainSettings()
                settings.mode = mode
                await commands.player.setReplayGain(settings)
                commands.board.announce([.options])
            }
        ),
        (
            "replay_gain_status",
            Command(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                output.field("replay_gain_mode", await commands.player.replayGainSettings().mode.rawValue)
            }
        ),
        (
            "setvol",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let volume = try integer(arguments[0], "setvol")
                guard volume >= 0 else { throw MPDAck(.argument, command: "setvol", "Number is negative: \(arguments[0])") }
                guard volume <= 100 else { throw MPDAck(.argument, command: "setvol", "Number too large: \(arguments[0])") }
                try await commands.setVolume(.to(Double(volume) / 100), "setvol")
            }
        ),
        (
            "volume",
            Command(permission: .authorized, arguments: 1...1) { commands, arguments, _, _ throws(MPDAck) in
                let change = try integer(arguments[0], "volume")
                guard (-100...100).contains(change) else { throw MPDAck(.argument, command: "volume", "Invalid volume value") }
                try await commands.setVolume(.by(Double(change) / 100), "volume")
            }
        ),
        (
            "getvol",
            Command.immediate(permission: .authorized, arguments: 0...0) { commands, _, _, output throws(MPDAck) in
                output.field("volume", String(Self.percent(commands.status.volume)))
            }
        ),
    ]

    /// `status`, in MPD 0.23's order of fields.
    private func writeStatus(_ output: inout MPDOutput) {
        let status = self.status
        let version = board.absorb(status)
        let elapsed = player.elapsed(of: status)
        output.field("volume", Self.percent(status.volume))
        let flags = modes.flags(for: status.repeatMode)
        output.field("repeat", flags.repeat ? "1" : "0")
        output.field("random", status.shuffle == .off ? "0" : "1")
        output.field("single", status.pausesAtItemEnd ? "oneshot" : flags.single ? "1" : "0")
        output.field("consume", "0")
        output.field("partition", "default")
        output.field("playlist", version)
        output.field("playlistlength", status.count)
        let mixRamp = modes.mixRampDecibels
        // As MPD 0.23 prints it: the shortest form, a whole number without a point.
        output.field("mixrampdb", mixRamp == mixRamp.rounded() && abs(mixRamp) < 1e15 ? String(Int(mixRamp)) : String(mixRamp))
        output.field("state", Self.stateName(status.state))
        if let index = status.currentIndex, let id = status.currentID {
            output.field("song", index)
            output.field("songid", Int(id))
            if status.state != .stopped {
                output.field("time", MPDNumber.wholeSeconds(elapsed) + ":" + MPDNumber.wholeSeconds(status.duration ?? 0))
                output.field("elapsed", seconds: elapsed)
                let decoded = player.decodedFormat()
                output.field("bitrate", decoded?.kilobitsPerSecond ?? 0)
                if let duration = status.duration { output.field("duration", seconds: duration) }
                // Rondo decodes every format to 32-bit floating point: MPD's `f`.
                if let decoded { output.field("audio", "\(decoded.sampleRate):f:\(decoded.channels)") }
            }
        }
        if let next = status.nextIndex, let id = status.nextID {
            output.field("nextsong", next)
            output.field("nextsongid", Int(id))
        }
    }

    /// The player's status as last published (no hop of its actor).
    var status: PlayerStatus { player.status.load() }

    /// `stats`: the library's counts, the daemon's uptime. Artists and albums are counted
    /// as MPD counts them: the distinct names of the `Artist` and `Album` tags the songs have.
    private func stats(_ output: inout MPDOutput) async throws(MPDAck) {
        let stats = try readLibrary { library throws(StoreError) in try library.catalogStats() }
        func distinct(_ field: TrackCondition.Field) throws(MPDAck) -> Int {
            try readLibrary { library throws(StoreError) in
                try library.distinctValues(of: [field], under: nil, where: .always).count { !($0.first??.isEmpty ?? true) }
            }
        }
        let uptime = Int(Date().timeIntervalSince1970 - started)
        output.field("uptime", String(uptime))
        board.absorb(status)
        output.field("playtime", MPDNumber.wholeSeconds(board.playedSeconds(at: player.now())))
        let version = [stats.lastScan ?? 0, Double(stats.tracks), stats.totalDuration]
        let names = try nameCounts.counts(for: version) { () throws(MPDAck) in (try distinct(.artist), try distinct(.album)) }
        output.field("artists", String(names.artists))
        output.field("albums", String(names.albums))
        output.field("songs", String(stats.tracks))
        // MPD cuts the total to whole seconds (where a song's `Time` is rounded).
        output.field("db_playtime", String(Int(max(0, stats.totalDuration))))
        if let lastScan = stats.lastScan { output.field("db_update", String(Int(lastScan))) }
    }

    /// Sends a remote command through the command center; a refusal is an ACK naming why
    /// (`insufficientPriority` during a call, `disabled`). Nothing to play and nothing to
    /// go to are not errors, as in MPD.
    func send(_ command: RemoteCommand, _ name: String) async throws(MPDAck) {
        let result: CommandResult
        do throws(PlayerCommandError) {
            result = try await player.sendWaitingForStream(command)
        } catch {
            throw Self.ack(error, command: name)
        }
        switch result.status {
        case .success, .noSuchContent, .noActionableNowPlayingItem: return
        default:
            let why = result.reason.map { "\(CommandFailureReasonName($0).rawValue): " } ?? ""
            throw MPDAck(
                .system, command: name,
                "\(why)\(RemoteCommandName(command.kind).rawValue) was refused (\(RemoteCommandStatus(result.status).rawValue))")
        }
    }

    /// `next` and `previous` as MPD has them: refused while stopped, and playing the entry
    /// they go to when paused.
    private func skip(_ command: RemoteCommand, _ name: String) async throws(MPDAck) {
        let state = status.state
        guard state != .stopped else { throw MPDAck(.playerSync, command: name, "Not playing") }
        try await send(command, name)
        // MPD plays the song it went to; past the queue's end it stopped, and stays stopped.
        if state == .paused, self.status.state == .paused { try await send(.play, name) }
    }

    /// Plays the queue's entry at `position`.
    private func play(at position: Int, command: String) async throws(MPDAck) {
        guard position >= 0, position < (status.count) else {
            throw MPDAck(.argument, command: command, "Bad song index")
        }
        do throws(PlayerCommandError) {
            try await player.playIndexWaitingForStream(position)
        } catch {
            throw Self.ack(error, command: command)
        }
    }

    /// Seeks the entry at `position` to `seconds`, making it current first.
    private func seek(position: Int, to seconds: Double, _ command: String) async throws(MPDAck) {
        let status = self.status
        guard position >= 0, position < status.count else { throw MPDAck(.argument, command: command, "Bad song index") }
        if status.currentIndex != position { try await play(at: position, command: command) }
        try await send(.changePlaybackPosition(max(0, seconds)), command)
    }

    /// The queue position of the entry with song id `text`.
    func position(ofID text: String, _ command: String) async throws(MPDAck) -> Int {
        let id = try Self.integer(text, command)
        guard id >= 0, let position = await player.queueEntries().firstIndex(where: { $0.id == UInt64(id) }) else {
            throw MPDAck(.noExist, command: command, "No such song")
        }
        return position
    }

    private func setVolume(_ change: VolumeChange, _ command: String) async throws(MPDAck) {
        do throws(PlayerCommandError) {
            _ = try await player.setVolume(change)
        } catch {
            throw Self.ack(error, command: command)
        }
    }

    /// A 0/1 argument.
    static func boolean(_ text: String, _ command: String) throws(MPDAck) -> Bool {
        switch text {
        case "0": false
        case "1": true
        default: throw MPDAck(.argument, command: command, "Boolean (0/1) expected: \(text)")
        }
    }

    /// A volume of 0–1 as MPD's 0–100.
    static func percent(_ volume: Double) -> Int { Int((volume * 100).rounded()) }

    /// MPD's name of a playback state; an interruption (a call) is a pause.
    static func stateName(_ state: PlaybackState) -> String {
        switch state {
        case .playing: "play"
        case .paused, .interrupted: "pause"
        case .stopped, .unknown: "stop"
        }
    }
}
