import Focus
import RondoProtocol

// A scenario's sessions as the wire names them, and what the daemon reports in the
// scenario's terms: one exhaustive switch each way they cross. The daemon keeps the same
// translations for its side of the socket (RondoDaemon's Sessions/FocusWireNames.swift).

extension SessionCategoryName {
    /// The wire name of a category.
    init(_ category: SessionCategory) {
        switch category {
        case .ambient: self = .ambient
        case .soloAmbient: self = .soloAmbient
        case .playback: self = .playback
        case .record: self = .record
        case .playAndRecord: self = .playAndRecord
        }
    }
}

extension SessionModeName {
    /// The wire name of a mode.
    init(_ mode: SessionMode) {
        switch mode {
        case .default: self = .default
        case .spokenAudio: self = .spokenAudio
        case .voicePrompt: self = .voicePrompt
        case .voiceChat: self = .voiceChat
        case .videoChat: self = .videoChat
        case .moviePlayback: self = .moviePlayback
        case .measurement: self = .measurement
        }
    }
}

extension SessionOptionName {
    /// The wire name of an option.
    init(_ option: SessionOption) {
        switch option {
        case .mixWithOthers: self = .mixWithOthers
        case .duckOthers: self = .duckOthers
        case .interruptSpokenAudioAndMixWithOthers: self = .interruptSpokenAudioAndMixWithOthers
        }
    }
}

extension SessionRoleName {
    /// The wire name of a role.
    init(_ role: SessionRole) {
        switch role {
        case .music: self = .music
        case .navigation: self = .navigation
        case .voiceCommand: self = .voiceCommand
        case .callRing: self = .callRing
        case .call: self = .call
        case .alarm: self = .alarm
        case .notification: self = .notification
        case .systemSound: self = .systemSound
        case .emergency: self = .emergency
        case .safety: self = .safety
        case .vehicleStatus: self = .vehicleStatus
        case .announcement: self = .announcement
        case .voicemail: self = .voicemail
        }
    }
}

extension SessionState {
    /// Where a session stands, as `session.list` names it.
    init(_ name: SessionStateName) {
        switch name {
        case .inactive: self = .inactive
        case .active: self = .active
        case .ducked: self = .ducked
        case .interrupted: self = .interrupted
        }
    }
}

extension PromptStyle {
    /// The prompt style a wire name stands for.
    init(_ name: PromptStyleName) {
        switch name {
        case .none: self = .none
        case .short: self = .short
        case .normal: self = .normal
        }
    }
}

extension InterruptionReason {
    /// Why an interruption began, as the event names it.
    init(_ name: InterruptionReasonName) {
        switch name {
        case .default: self = .default
        }
    }
}

extension RouteChangeReason {
    /// Why the route changed, as the event names it.
    init(_ name: RouteChangeReasonName) {
        switch name {
        case .oldDeviceUnavailable: self = .oldDeviceUnavailable
        case .newDeviceAvailable: self = .newDeviceAvailable
        case .audioServerLost: self = .audioServerLost
        case .audioServerRestored: self = .audioServerRestored
        case .override: self = .override
        }
    }
}
