extension Player {
    /// How fast a held `seekForward`/`seekBackward` moves media time, in media seconds per
    /// second.
    public static let scanRate = 8.0

    /// Seeks the current item to `position`, clamped to [0, duration] and kept finite.
    mutating func seek(to position: Double, at now: Double) -> CommandOutcome {
        guard queue.current != nil else { return CommandOutcome(.noActionableNowPlayingItem) }
        var target = position.isNaN ? 0 : min(max(0, position), .greatestFiniteMagnitude)
        if let duration = currentMetadata?.duration { target = min(target, duration) }
        anchor(target, at: now)
        return CommandOutcome(.success, (isLoaded ? [.seek(to: target)] : []) + [.nowPlayingChanged])
    }

    /// Begins or ends a scan in `direction`.
    ///
    /// `begin` needs a loaded item (playing or paused; paused, nothing moves until `play`);
    /// it turns a scan held the other way. The scan goes on through track changes until its
    /// `end`, `pause`, a rate change, or the output stopping or getting lost. `end` of a scan
    /// that is not held does nothing.
    mutating func scan(_ direction: ScanDirection, _ type: SeekCommandType, at now: Double) -> CommandOutcome {
        switch type {
        case .begin:
            guard isLoaded else { return CommandOutcome(.noActionableNowPlayingItem) }
            guard scan != direction else { return CommandOutcome(.success) }
            anchor(elapsed(at: now), at: now)
            scan = direction
            return CommandOutcome(
                .success, state == .playing ? [.nowPlayingChanged] : [], remoteEffects: [.scan(direction)])
        case .end:
            guard scan == direction else { return CommandOutcome(.success) }
            return endScan(at: now)
        }
    }

    /// Ends a held scan, if any: the position stays where the scan brought it and the
    /// output goes back to the chosen rate.
    mutating func endScan(at now: Double) -> CommandOutcome {
        guard scan != nil else { return CommandOutcome(.success) }
        anchor(elapsed(at: now), at: now)
        scan = nil
        return CommandOutcome(.success, state == .playing ? [.nowPlayingChanged] : [], remoteEffects: [.endScan])
    }
}
