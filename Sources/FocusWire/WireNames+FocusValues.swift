public import Focus
public import RondoProtocol

// The wire names of the arbiter's values, one exhaustive switch each: what the daemon
// reports, and what a scenario asks for.

extension SessionCategoryName {
    /// The wire name of a category.
    public init(_ category: SessionCategory) {
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
    public init(_ mode: SessionMode) {
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
    public init(_ option: SessionOption) {
        switch option {
        case .mixWithOthers: self = .mixWithOthers
        case .duckOthers: self = .duckOthers
        case .interruptSpokenAudioAndMixWithOthers: self = .interruptSpokenAudioAndMixWithOthers
        }
    }
}

extension SessionRoleName {
    /// The wire name of a role.
    public init(_ role: SessionRole) {
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

extension SessionStateName {
    /// The wire name of where a session stands.
    public init(_ state: SessionState) {
        switch state {
        case .inactive: self = .inactive
        case .active: self = .active
        case .ducked: self = .ducked
        case .interrupted: self = .interrupted
        }
    }
}

extension PromptStyleName {
    /// The wire name of a prompt style.
    public init(_ style: PromptStyle) {
        switch style {
        case .none: self = .none
        case .short: self = .short
        case .normal: self = .normal
        }
    }
}

extension InterruptionReasonName {
    /// The wire name of why an interruption began.
    public init(_ reason: InterruptionReason) {
        switch reason {
        case .default: self = .default
        }
    }
}

extension RouteChangeReasonName {
    /// The wire name of why the route changed.
    public init(_ reason: RouteChangeReason) {
        switch reason {
        case .oldDeviceUnavailable: self = .oldDeviceUnavailable
        case .newDeviceAvailable: self = .newDeviceAvailable
        case .audioServerLost: self = .audioServerLost
        case .audioServerRestored: self = .audioServerRestored
        case .override: self = .override
        }
    }
}

extension ErrorCode {
    /// The domain error code of an arbiter's refusal.
    public init(_ error: FocusError) {
        switch error {
        case .badParam: self = .badParam
        case .noSuchSession: self = .noSuchSession
        case .sessionNotActive: self = .sessionNotActive
        case .insufficientPriority: self = .insufficientPriority
        case .cannotInterruptOthers: self = .cannotInterruptOthers
        case .isBusy: self = .isBusy
        }
    }
}
