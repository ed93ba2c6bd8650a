#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RondoProtocol

/// Human renderings of protocol values.
enum Format {
    /// `m:ss` (or `h:mm:ss`) for a duration in seconds.
    static func time(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let mmss = (minutes < 10 && hours > 0 ? "0" : "") + "\(minutes):" + (secs < 10 ? "0" : "") + "\(secs)"
        return hours > 0 ? "\(hours):\(mmss)" : mmss
    }

    /// The elapsed time now, extrapolated from the dictionary's timestamp (SPEC §3).
    static func elapsedNow(_ info: NowPlayingInfoPayload) -> Double? {
        guard let elapsed = info.elapsedPlaybackTime else { return nil }
        let timestamp = info.timestamp ?? Date().timeIntervalSince1970
        let extrapolated = elapsed + (Date().timeIntervalSince1970 - timestamp) * (info.playbackRate ?? 0)
        return info.playbackDuration.map { min($0, extrapolated) } ?? extrapolated
    }

    /// `playing  Title — Artist  1:02 / 3:45  [2/10]`.
    static func statusLine(_ state: NowPlayingState) -> String {
        let info = state.info
        guard let index = info.playbackQueueIndex else { return state.playbackState }
        let name = info.title ?? info.assetURL.map { String($0.split(separator: "/").last ?? "") } ?? "?"
        var parts = [state.playbackState, name + (info.artist.map { " — " + $0 } ?? "")]
        if let elapsed = elapsedNow(info) {
            parts.append(time(elapsed) + (info.playbackDuration.map { " / " + time($0) } ?? ""))
        }
        parts.append("[\(index + 1)/\(info.playbackQueueCount ?? 0)]")
        return parts.joined(separator: "  ")
    }

    /// The dictionary's present keys and values, in SPEC §3 order.
    static func fields(_ info: NowPlayingInfoPayload) -> [(String, String)] {
        let numbers: [(String, Double?)] = [
            ("playbackDuration", info.playbackDuration), ("elapsedPlaybackTime", info.elapsedPlaybackTime),
            ("playbackRate", info.playbackRate), ("defaultPlaybackRate", info.defaultPlaybackRate),
            ("timestamp", info.timestamp),
        ]
        var fields: [(String, String)] = []
        for (key, value) in [("title", info.title), ("artist", info.artist), ("albumTitle", info.albumTitle)] {
            if let value { fields.append((key, value)) }
        }
        if let track = info.albumTrackNumber { fields.append(("albumTrackNumber", String(track))) }
        for (key, value) in numbers { if let value { fields.append((key, String(value))) } }
        if let index = info.playbackQueueIndex { fields.append(("playbackQueueIndex", String(index))) }
        if let count = info.playbackQueueCount { fields.append(("playbackQueueCount", String(count))) }
        if let mediaType = info.mediaType { fields.append(("mediaType", mediaType)) }
        if let url = info.assetURL { fields.append(("assetURL", url)) }
        return fields
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
}
