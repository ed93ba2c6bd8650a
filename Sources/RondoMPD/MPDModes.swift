import Playback
import Synchronization

/// What MPD's modes hold that Rondo's player does not. MPD keeps `repeat` and `single` as two
/// flags; Rondo has one repeat mode, and MPD's `single 1` is its repeat one whatever `repeat`
/// says. So that `repeat 0`, `single 1`, `single 0` leave `repeat: 0` as MPD does, the flag
/// MPD shows for `repeat` while `single` is on is kept here (on until an MPD client says
/// otherwise: a repeat one chosen elsewhere shows as MPD's repeat and single). Also kept:
/// `mixrampdb`, a setting MPD keeps and shows though it acts only with a mix-ramp delay,
/// which Rondo refuses as it refuses crossfading.
///
/// Ownership: the MPD front end's, shared by its connections.
public final class MPDModes: Sendable {
    private struct State {
        var repeatUnderSingle = true
        var mixRampDecibels = 0.0
    }

    private let state = Mutex(State())

    /// The modes of a front end that has changed none.
    public init() {}

    /// MPD's `repeat` and `single` flags for the player's repeat `mode`.
    func flags(for mode: RepeatMode) -> (repeat: Bool, single: Bool) {
        switch mode {
        case .off: (false, false)
        case .all: (true, false)
        case .one: (state.withLock { $0.repeatUnderSingle }, true)
        }
    }

    /// The player's repeat mode after MPD's `repeat on` when it is `mode`: under `single`,
    /// still repeat one, with the flag kept.
    func mode(settingRepeat on: Bool, from mode: RepeatMode) -> RepeatMode {
        guard mode == .one else { return on ? .all : .off }
        state.withLock { $0.repeatUnderSingle = on }
        return .one
    }

    /// The player's repeat mode after MPD's `single on` when it is `mode`: on, repeat one,
    /// remembering whether `repeat` was on; off, back to what `repeat` says.
    func mode(settingSingle on: Bool, from mode: RepeatMode) -> RepeatMode {
        switch (on, mode) {
        case (true, .one), (false, .off), (false, .all):
            return mode
        case (true, _):
            state.withLock { $0.repeatUnderSingle = mode == .all }
            return .one
        case (false, .one):
            return state.withLock { $0.repeatUnderSingle } ? .all : .off
        }
    }

    /// `mixrampdb`, in decibels.
    var mixRampDecibels: Double {
        get { state.withLock { $0.mixRampDecibels } }
        set { state.withLock { $0.mixRampDecibels = newValue } }
    }
}
