import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// What the stream tests ask of the daemon and of the monitor: the raw now-playing reply
/// (so `streamTitle`, `buffering` and absent keys are visible), the commands a live stream
/// disables, and when a tone was first heard or how long it went unheard.
extension AudioTestBench {
    /// The commands a live stream disables (SPEC §10).
    static let seekingCommands: [RemoteCommandName] = [
        .changePlaybackPosition, .skipForward, .skipBackward, .seekForward, .seekBackward, .changePlaybackRate,
    ]

    /// Seconds of each window the monitor is cut into to time what is heard.
    static let timingWindow = 0.05

    /// Replaces the queue with `items` (paths or URLs) and plays the first.
    func play(_ items: String...) throws {
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: items, startIndex: 0, play: true))
    }

    /// The whole result of `nowPlaying.get`, untyped.
    func nowPlayingReply() throws -> JSONValue {
        let socket = try RawSocket(path: daemon.socketPath)
        defer { socket.close() }
        return try #require(try socket.call("nowPlaying.get", id: 1)["result"])
    }

    /// Whether each remote command is enabled, by `remote.list`.
    func enabledCommands() throws -> [RemoteCommandName: Bool] {
        Dictionary(uniqueKeysWithValues: try client.call(Methods.RemoteList.self).map { ($0.command, $0.enabled) })
    }

    /// Sends `command` with params it accepts (a position, an interval, a scan's start, a
    /// rate) and returns the whole result.
    func sendSeeking(_ command: RemoteCommandName) throws -> RemoteSendResult {
        let params = RemoteSendParams(
            command: command, positionTime: command == .changePlaybackPosition ? 1 : nil,
            interval: [.skipForward, .skipBackward].contains(command) ? 5 : nil,
            type: [.seekForward, .seekBackward].contains(command) ? .begin : nil,
            playbackRate: command == .changePlaybackRate ? 1.5 : nil)
        return try client.call(Methods.RemoteSend.self, params)
    }

    /// When `frequency` was first heard near a station's full level between `start` and
    /// `end`, to a ``timingWindow``, by the monitor's sample clock; `nil` if it never was.
    func firstHeard(_ frequency: Double, from start: Date, to end: Date) -> Date? {
        clockedWindows(from: start, to: end).first { SignalAnalysis.level($0.samples, at: frequency) > ToneStation.level - 6 }?.time
    }

    /// The longest stretch in seconds between `start` and `end` in which `frequency` was not
    /// heard near a station's full level, to a ``timingWindow``.
    func longestStretch(without frequency: Double, from start: Date, to end: Date) -> Double {
        var longest = 0.0
        var current = 0.0
        for window in clockedWindows(from: start, to: end) {
            let heard = SignalAnalysis.level(window.samples, at: frequency) > ToneStation.level - 6
            current = heard ? 0 : current + Self.timingWindow
            longest = max(longest, current)
        }
        return longest
    }

    /// The longest stretch in seconds between `start` and `end` in which nothing was heard,
    /// to a ``timingWindow``.
    func longestSilence(from start: Date, to end: Date) -> Double {
        var longest = 0.0
        var current = 0.0
        for window in clockedWindows(from: start, to: end) {
            current = SignalAnalysis.level(window.samples) < silenceLevel ? current + Self.timingWindow : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// The monitor's recording between `start` and `end` in ``timingWindow`` pieces, each
    /// with the time its first sample was heard.
    func clockedWindows(from start: Date, to end: Date) -> [(time: Date, samples: [Float])] {
        let (first, samples) = monitor.clockedSamples(from: start, to: end)
        let size = Int(Self.timingWindow * MonitorRecorder.sampleRate)
        return stride(from: 0, to: samples.count - size + 1, by: size).map { index -> (time: Date, samples: [Float]) in
            (first.addingTimeInterval(Double(index) / MonitorRecorder.sampleRate), Array(samples[index..<index + size]))
        }
    }

    /// Waits up to `timeout` seconds until `frequency` is the tone heard, at about a
    /// station's level; returns whether it was.
    func waitToHear(_ frequency: Double, upTo timeout: Double) -> Bool {
        wait(upTo: timeout) { abs(heardLevel(of: frequency, over: 0.2) - ToneStation.level) < 3 }
    }
}

extension JSONValue {
    /// The value, when this is a JSON boolean.
    var flag: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }
}

extension AudioTestBench {
    /// What a failed stream test needs to be read: what is heard, the player's state, the
    /// server's streams and the end of the daemon's log.
    func diagnosis() -> String {
        let state = (try? nowPlayingReply()).map { "\($0)" } ?? "no answer"
        let log = daemon.log.split(separator: "\n").suffix(40).joined(separator: "\n")
        let heard = String(
            format: "heard %.0f Hz; 440 Hz at %.1f dB, 660 Hz at %.1f dB, 880 Hz at %.1f dB; longest silence in the last 5 s %.2f s",
            heardFrequency(), heardLevel(of: 440), heardLevel(of: 660), heardLevel(of: 880),
            longestSilence(from: Date().addingTimeInterval(-5), to: Date()))
        let streams = pulse.pactl("list", "short", "sink-inputs").stdout
        return "\(heard)\nnowPlaying \(state)\nsink inputs:\n\(streams)\nrondod log:\n\(log)"
    }
}
