import Playback

/// The situations a command table runs every command in.
enum RigState: String, CaseIterable, CustomStringConvertible {
    /// No entries at all.
    case empty
    /// Two entries, none current.
    case nothingCurrent
    /// Three entries, the middle one current and stopped.
    case stopped
    /// Three entries, the middle one playing 20 s in.
    case playing
    /// Three entries, the middle one paused 20 s in.
    case paused

    var description: String { rawValue }

    /// A rig in this situation, 20 s after reaching it.
    func makeRig() throws -> PlayerRig {
        var rig: PlayerRig
        switch self {
        case .empty: rig = PlayerRig()
        case .nothingCurrent: rig = PlayerRig(count: 2)
        case .stopped: rig = try PlayerRig(count: 3, current: 1, state: .stopped)
        case .playing: rig = try PlayerRig(count: 3, current: 1, state: .playing)
        case .paused:
            rig = try PlayerRig(count: 3, current: 1, state: .playing)
            rig.advance(20)
            _ = rig.send(.pause)
        }
        rig.advance(20)
        return rig
    }

    /// Whether an entry is current.
    var hasCurrent: Bool { self == .stopped || self == .playing || self == .paused }

    /// Whether an entry is loaded at the output.
    var isLoaded: Bool { self == .playing || self == .paused }
}

/// One of every command shape, with parameters where it takes them.
let everyCommand: [RemoteCommand] = [
    .play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack, .changePlaybackPosition(10),
    .skipForward(interval: nil), .skipBackward(interval: 5), .seekForward(.begin), .seekForward(.end),
    .seekBackward(.begin), .seekBackward(.end), .changePlaybackRate(nil), .changePlaybackRate(1.5),
    .changePlaybackRate(3), .changeRepeatMode(nil), .changeRepeatMode(.all), .changeShuffleMode(nil),
    .changeShuffleMode(.collections), .like(isActive: nil), .dislike(isActive: true), .bookmark(isActive: false),
]
