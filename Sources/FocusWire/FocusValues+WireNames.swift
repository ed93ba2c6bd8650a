public import Focus
public import RondoProtocol

// The arbiter's values from their wire names, one exhaustive switch each: what a client
// asks for, and what the daemon reports to a scenario.

extension SessionCategory {
    /// The category a wire name stands for.
    public init(_ name: SessionCategoryName) {
        switch name {
        case .ambient: self = .ambient
        case .soloAmbient: self = .soloAmbient
        case .playback: self = .playback
        case .record: self = .record
        case .playAndRecord: self = .playAndRecord
        }
    }
}

extension SessionMode {
    /// The mode a wire name stands for.
    public init(_ name: SessionModeName) {
        switch name {
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

extension SessionOption {
    /// The option a wire name stands for.
    public init(_ name: SessionOptionName) {
        switch name {
        case .mixWithOthers: self = .mixWithOthers
        case .duckOthers: self = .duckOthers
        case .interruptSpokenAudioAndMixWithOthers: self = .interruptSpokenAudioAndMixWithOthers
        }
    }
}

extension SessionRole {
    /// The role a wire name stands for.
    public init(_ name: SessionRoleName) {
        switch name {
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
    public init(_ name: SessionStateName) {
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
    public init(_ name: PromptStyleName) {
        switch name {
        case .none: self = .none
        case .short: self = .short
        case .normal: self = .normal
        }
    }
}

extension InterruptionReason {
    /// Why an interruption began, as the event names it.
    public init(_ name: InterruptionReasonName) {
        switch name {
        case .default: self = .default
        }
    }
}

extension RouteChangeReason {
    /// Why the route changed, as the event names it.
    public init(_ name: RouteChangeReasonName) {
        switch name {
        case .oldDeviceUnavailable: self = .oldDeviceUnavailable
        case .newDeviceAvailable: self = .newDeviceAvailable
        case .audioServerLost: self = .audioServerLost
        case .audioServerRestored: self = .audioServerRestored
        case .override: self = .override
        }
    }
}
