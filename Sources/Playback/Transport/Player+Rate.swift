extension Player {
    /// The rate `changePlaybackRate` without a value switches to: the next faster supported
    /// rate, wrapping from the fastest to the slowest (1.0 → 1.5 → 2.0 → 0.5 → 1.0).
    /// - Parameter rate: the current rate; need not be a supported one.
    /// - Returns: a supported rate.
    public static func nextRate(after rate: Double) -> Double {
        let rates = RemoteCommandCenter.supportedPlaybackRates
        return rates.first { $0 > rate } ?? rates[0]
    }

    /// Sets the chosen rate (or the next one without a value); a held scan ends. Rates
    /// outside the supported ones fail with `commandFailed`, reason `unsupportedPlaybackRate`.
    /// The rate is a setting: it needs no current item and lasts across items.
    mutating func changeRate(to requested: Double?, at now: Double) -> CommandOutcome {
        let newRate = requested ?? Self.nextRate(after: rate)
        guard RemoteCommandCenter.supportedPlaybackRates.contains(newRate) else {
            return CommandOutcome(.commandFailed, reason: .unsupportedPlaybackRate)
        }
        guard newRate != rate || scan != nil else { return CommandOutcome(.success) }
        var outcome = endScan(at: now)
        guard newRate != rate else { return outcome }
        anchor(elapsed(at: now), at: now)
        rate = newRate
        outcome.effects = state == .playing ? [.nowPlayingChanged] : []
        outcome.remoteEffects += [.setRate(newRate), .remoteChanged]
        return outcome
    }
}
