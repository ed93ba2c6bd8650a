import Foundation
public import Playback

/// What a call on the MPRIS `Player` interface asks of the daemon, decided from the call and
/// the snapshot the caller saw. Pure: the listener's position is passed in.
public enum MPRISAction: Equatable, Sendable {
    /// A remote command, through the same command center and arbiter as `rondo`.
    case remote(RemoteCommand)
    /// Set the listener's volume, 0 to 1.
    case setVolume(Double)
    /// Append the file at this path to the queue and play it.
    case open(path: String)
    /// Nothing to do (the specification says to ignore the call).
    case ignore

    /// The action of a `Player` method call.
    /// - Parameters:
    ///   - member: the method's name.
    ///   - offset: `Seek`'s offset or `SetPosition`'s position, in microseconds.
    ///   - trackID: `SetPosition`'s track id.
    ///   - uri: `OpenUri`'s URI.
    ///   - snapshot: what the interface shows now.
    ///   - position: where the listener is in the track, in seconds (`Seek` is relative to it).
    /// - Returns: the action, or `nil` for an unknown member.
    public static func method(
        _ member: String, offset: Int64 = 0, trackID: String = "", uri: String = "", snapshot: MPRISSnapshot,
        position: Double
    ) -> MPRISAction? {
        switch member {
        case "Next": return .remote(.nextTrack)
        case "Previous": return .remote(.previousTrack)
        case "Pause": return .remote(.pause)
        case "PlayPause": return .remote(.togglePlayPause)
        case "Stop": return .remote(.stop)
        case "Play": return .remote(.play)
        case "Seek": return seek(by: Double(offset) / 1_000_000, snapshot: snapshot, from: position)
        case "SetPosition": return setPosition(Double(offset) / 1_000_000, trackID: trackID, snapshot: snapshot)
        case "OpenUri": return open(uri)
        default: return nil
        }
    }

    /// `Seek`: relative; before the start goes to 0, past the end goes to the next track.
    private static func seek(by offset: Double, snapshot: MPRISSnapshot, from position: Double) -> MPRISAction {
        guard snapshot.trackID != MPRISSnapshot.noTrack else { return .ignore }
        let target = position + offset
        if let duration = snapshot.duration, target >= duration {
            return .remote(.nextTrack)
        }
        return .remote(.changePlaybackPosition(max(0, target)))
    }

    /// `SetPosition`: ignored for a stale track id or a position outside the track.
    private static func setPosition(_ position: Double, trackID: String, snapshot: MPRISSnapshot) -> MPRISAction {
        guard trackID == snapshot.trackID, trackID != MPRISSnapshot.noTrack, position >= 0,
            position <= (snapshot.duration ?? .infinity)
        else { return .ignore }
        return .remote(.changePlaybackPosition(position))
    }

    /// `OpenUri`: `file://` URLs only (SupportedUriSchemes), percent-decoded to a path.
    private static func open(_ uri: String) -> MPRISAction? {
        let prefix = "file://"
        guard uri.lowercased().hasPrefix(prefix), let path = String(uri.dropFirst(prefix.count)).removingPercentEncoding,
            path.hasPrefix("/")
        else { return nil }
        return .open(path: path)
    }

    /// The action of writing a `Player` property.
    /// - Parameters:
    ///   - property: the property's name.
    ///   - value: the value written.
    ///   - snapshot: what the interface shows now.
    /// - Returns: the action, or `nil` when the property is read-only or the value is not
    ///   one it takes.
    public static func set(_ property: String, to value: MPRISValue, snapshot: MPRISSnapshot) -> MPRISAction? {
        switch (property, value) {
        case ("LoopStatus", .string(let status)):
            let mode: RepeatMode? =
                switch status {
                case "None": .off
                case "Track": .one
                case "Playlist": .all
                default: nil
                }
            return mode.map { .remote(.changeRepeatMode($0)) }
        case ("Shuffle", .boolean(let on)):
            return .remote(.changeShuffleMode(on ? .items : .off))
        case ("Rate", .double(let rate)):
            guard rate.isFinite else { return nil }
            // The specification: a rate of 0 acts as Pause.
            if rate <= 0 { return .remote(.pause) }
            return .remote(.changePlaybackRate(snapshot.nearestRate(to: rate)))
        case ("Volume", .double(let volume)):
            guard volume.isFinite else { return nil }
            return .setVolume(min(1, max(0, volume)))
        default:
            return nil
        }
    }
}
