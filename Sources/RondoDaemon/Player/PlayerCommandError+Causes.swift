import Audio
import Focus
import Playback

extension PlayerCommandError {
    /// The refusal of a command whose track or stream could not be opened.
    init(_ error: AudioError) {
        switch error {
        case .decodeFailed: self.init(.decodeFailed, error.description)
        case .pulseUnavailable: self.init(.pulseUnavailable, error.description)
        case .unreachable: self.init(.unreachable, error.description)
        }
    }

    /// The refusal of a command the audio-session arbiter did not admit.
    init(_ error: FocusError) {
        let code: Code =
            switch error {
            case .badParam: .badParam
            case .noSuchSession: .noSuchSession
            case .sessionNotActive: .sessionNotActive
            case .insufficientPriority: .insufficientPriority
            case .cannotInterruptOthers: .cannotInterruptOthers
            case .isBusy: .isBusy
            }
        self.init(code, error.message)
    }
}
