import Playback
import RondoProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Human renderings of protocol values.
enum Format {
    /// `m:ss` (or `h:mm:ss`) for a duration in seconds.
    static func time(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let mmss = (minutes < 10 && hours > 0 ? "0" : "") + "\(minutes):" + (secs < 10 ? "0" : "") + "\(secs)"
        return hours > 0 ? "\(hours):\(mmss)" : mmss
    }

    /// `50 %` for a volume of 0.5.
    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded())) %"
    }

    /// The elapsed time now, extrapolated from the dictionary's timestamp (SPEC §3).
    static func elapsedNow(_ info: NowPlayingInfoPayload) -> Double? {
        guard let elapsed = info.elapsedPlaybackTime else { return nil }
        let now = Date().timeIntervalSince1970
        return ElapsedAnchor(elapsed: elapsed, at: info.timestamp ?? now, rate: info.playbackRate ?? 0, duration: info.playbackDuration)
            .elapsed(at: now)
    }

    /// `playing  Title — Artist  1:02 / 3:45  [2/10]`.
    static func statusLine(_ state: NowPlayingState) -> String {
        let info = state.info
        guard let index = info.playbackQueueIndex else { return state.playbackState.rawValue }
        let name = info.title ?? info.assetURL.map { String($0.split(separator: "/").last ?? "") } ?? "?"
        var parts = [state.buffering ? "buffering" : state.playbackState.rawValue, name + (info.artist.map { " — " + $0 } ?? "")]
        if let elapsed = elapsedNow(info) {
            parts.append(time(elapsed) + (info.playbackDuration.map { " / " + time($0) } ?? ""))
        }
        if info.isLiveStream == true { parts.append("live") }
        if let rate = info.playbackRate, rate != 0, rate != info.defaultPlaybackRate ?? 1 { parts.append("×\(rate)") }
        parts.append("[\(index + 1)/\(info.playbackQueueCount ?? 0)]")
        return parts.joined(separator: "  ")
    }

    /// The dictionary's present keys and values, in SPEC §3 order.
    static func fields(_ info: NowPlayingInfoPayload) -> [(String, String)] {
        let number = { (value: Double?) in value.map { String($0) } }
        let integer = { (value: Int?) in value.map { String($0) } }
        let artwork = info.artwork.map { art in
            [art.mimeType, art.width.flatMap { w in art.height.map { "\(w)x\($0)" } }, art.url].compactMap { $0 }.joined(separator: " ")
        }
        let all: [(String, String?)] = [
            ("title", info.title), ("artist", info.artist), ("albumTitle", info.albumTitle),
            ("albumArtist", info.albumArtist), ("genre", info.genre), ("composer", info.composer),
            ("albumTrackNumber", integer(info.albumTrackNumber)), ("discNumber", integer(info.discNumber)),
            ("playbackDuration", number(info.playbackDuration)), ("elapsedPlaybackTime", number(info.elapsedPlaybackTime)),
            ("playbackRate", number(info.playbackRate)), ("defaultPlaybackRate", number(info.defaultPlaybackRate)),
            ("playbackQueueIndex", integer(info.playbackQueueIndex)), ("playbackQueueCount", integer(info.playbackQueueCount)),
            ("mediaType", info.mediaType?.rawValue), ("isLiveStream", info.isLiveStream.map { String($0) }),
            ("streamTitle", info.streamTitle),
            ("assetURL", info.assetURL), ("externalContentIdentifier", info.externalContentIdentifier),
            ("playbackProgress", number(info.playbackProgress)), ("artwork", artwork),
            ("timestamp", number(info.timestamp)),
        ]
        return all.compactMap { key, value in value.map { (key, $0) } }
    }

    /// One line of `rondo commands`: name, flag, and the properties that apply.
    static func remoteCommand(_ info: RemoteCommandInfo) -> String {
        var parts = [info.command.rawValue, info.enabled ? "enabled" : "disabled"]
        if let rates = info.supportedPlaybackRates { parts.append("rates=" + rates.map { "\($0)" }.joined(separator: ",")) }
        if let rate = info.currentPlaybackRate { parts.append("rate=\(rate)") }
        if let intervals = info.preferredIntervals { parts.append("intervals=" + intervals.map { "\($0)" }.joined(separator: ",")) }
        if let mode = info.currentRepeatType { parts.append("repeat=\(mode.rawValue)") }
        if let mode = info.currentShuffleType { parts.append("shuffle=\(mode.rawValue)") }
        if let active = info.isActive { parts.append("active=\(active)") }
        return parts.joined(separator: "  ")
    }

    /// `nav  active  gain 1.00  playback/voicePrompt [duckOthers]  connection 4 (id s-4-1)`; a
    /// foreign session names its program instead of an owner:
    /// `mpv  interrupted  gain 1.0  playback/default role=music  program mpv pid 4242 role music sink input 17 (id foreign3)`.
    static func session(_ session: SessionInfo) -> String {
        let options = session.options.isEmpty ? "" : " [" + session.options.map(\.rawValue).joined(separator: " ") + "]"
        let role = session.role.map { " role=" + $0.rawValue } ?? ""
        let gain = (session.gain * 100).rounded() / 100
        let configuration = "\(session.category.rawValue)/\(session.mode.rawValue)\(options)\(role)"
        guard let foreign = session.foreign else {
            return "\(session.name)  \(session.state.rawValue)  gain \(gain)  \(configuration)"
                + "  \(session.owner) (id \(session.session))"
        }
        let program =
            ["program " + (foreign.binary ?? foreign.application ?? "?")]
            + [
                foreign.pid.map { "pid \($0)" }, foreign.mediaRole.map { "role \($0)" }, foreign.player.map { "player \($0)" },
                foreign.sinkInput.map { "sink input \($0)" }, foreign.sourceOutput.map { "source output \($0)" },
            ]
            .compactMap { $0 }
        return "\(session.name)  \(session.state.rawValue)  gain \(gain)  \(configuration)"
            + "  \(program.joined(separator: " ")) (id \(session.session))"
    }
}
