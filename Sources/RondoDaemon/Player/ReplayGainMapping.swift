import Audio
import RondoProtocol

extension ReplayGainMode {
    /// The mode a wire name names.
    init(_ name: ReplayGainModeName) {
        switch name {
        case .off: self = .off
        case .track: self = .track
        case .album: self = .album
        case .auto: self = .auto
        }
    }
}

extension ReplayGainModeName {
    /// The wire name of a mode.
    init(_ mode: ReplayGainMode) {
        switch mode {
        case .off: self = .off
        case .track: self = .track
        case .album: self = .album
        case .auto: self = .auto
        }
    }
}

extension ReplayGainState {
    /// The wire form of the settings in force.
    init(_ settings: ReplayGainSettings) {
        self.init(
            mode: ReplayGainModeName(settings.mode), preampDb: settings.preampDecibels,
            preventClipping: settings.preventsClipping)
    }
}

extension ReplayGainSettings {
    /// These settings changed as `params` asks.
    /// - Throws: `badParam` for a pre-amplification outside ±``preampLimit`` dB.
    func changed(by params: PlayerSetReplayGainParams) throws(RPCError) -> ReplayGainSettings {
        var settings = self
        if let mode = params.mode { settings.mode = ReplayGainMode(mode) }
        if let preamp = params.preampDb {
            guard preamp.isFinite, abs(preamp) <= Self.preampLimit else {
                throw RPCError(.badParam, "preampDb must be from \(-Self.preampLimit) to \(Self.preampLimit) dB, not \(preamp)")
            }
            settings.preampDecibels = preamp
        }
        if let preventClipping = params.preventClipping { settings.preventsClipping = preventClipping }
        return settings
    }
}
