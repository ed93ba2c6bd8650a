import CPulse

/// Other programs' sink inputs (SPEC §16): each is reported once when first seen, and once
/// the daemon adopts it into a session it is ducked and muted as the session's streams are,
/// under the listener's own volume for it, which the control keeps up with. Everything
/// here runs with the mainloop lock held.
extension SessionAudioControl {
    /// Records what the server says another program's sink input is now: a new one is
    /// reported; an adopted one's sound counts for its session, and a volume change the
    /// control did not make becomes the listener's volume, the one a duck's end restores.
    func foreignSinkInputInfo(_ info: pa_sink_input_info) {
        var reported = info.volume
        let volume = pa_sw_volume_to_linear(pa_cvolume_avg(&reported))
        let now = pa_rtclock_now()
        guard var state = foreignStreams[info.index] else {
            let stream = Self.foreignSinkInput(info)
            var state = ForeignStreamState(
                sink: info.sink, corked: info.corked != 0, channels: Int(info.sample_spec.channels), reported: volume,
                muted: info.mute != 0, restoreKey: stream.mediaRole.map { "role:" + $0 } ?? stream.application.map { "application:" + $0 })
            if let key = state.restoreKey, let listeners = foreignLevelsLeft.removeValue(forKey: key) {
                state.restoring = (listeners, now + Self.settleTime)
            }
            foreignStreams[info.index] = state
            giveBackListenersLevel(info.index)
            deliver([.foreignStreamAppeared(stream)])
            return
        }
        if let restoring = state.restoring, now > restoring.until { state.restoring = nil }
        let othersChange = state.restoring == nil && state.isOthersChange(volume)
        state.sink = info.sink
        state.corked = info.corked != 0
        state.reported = volume
        state.muted = info.mute != 0
        foreignStreams[info.index] = state
        if state.restoring != nil { giveBackListenersLevel(info.index) }
        guard let entry = state.entry else { return }
        // The listener's volume is what they set, as they set it: it is left as it is for the
        // rest of a duck (no slider jumps under their hand) and is what the duck's end restores.
        if othersChange { volumes[entry.session]?.volume = volume }
        deliver(table.update(info.index, to: entry, at: pa_rtclock_now()).events)
    }

    /// Makes another program's stream one of `session`'s (``SessionAudio/adopt(_:as:)``): a
    /// sink input's volume now becomes the session's volume (the listener's own), the
    /// session's gain and mute reach it, and its sound is reported as the session's; a source
    /// output's recording is reported as the session's sound. A stream that is gone, or
    /// already adopted, is left as it is. Returns at once; the sound events it makes come
    /// through `onEvent` from the calling thread.
    /// - Parameters:
    ///   - stream: the stream, as ``AudioServerEvent/foreignStreamAppeared(_:)`` reported it.
    ///   - session: the session id.
    public func adopt(_ stream: ForeignAudioStream, as session: String) {
        connection.withLock {
            if stream.captures {
                adoptCapture(stream.index, as: session)
                return
            }
            let index = stream.index
            guard var state = foreignStreams[index], state.session == nil else { return }
            state.session = session
            foreignStreams[index] = state
            volumes[session, default: SessionVolume()].volume = state.restoring?.volume ?? state.reported
            guard let levels = volumes[session], let entry = state.entry else { return }
            if abs(levels.applied - state.reported) > 0.001 { setVolume(levels.applied, sinkInput: index, channels: state.channels) }
            if levels.muted { setMute(true, sinkInput: index) }
            deliver(table.update(index, to: entry, at: pa_rtclock_now()).events)
        }
    }

    /// Notes, for a foreign sink input that went away, whether the control left it other
    /// than the listener had it (ducked, faded or muted): a server that restores volumes by
    /// role or application would give that to the key's next stream, which then gets the
    /// listener's volume back (``giveBackListenersLevel(_:)``).
    func noteLevelsLeft(by gone: ForeignStreamState) {
        guard let key = gone.restoreKey else { return }
        guard let session = gone.session, let levels = volumes[session],
            levels.muted || abs(levels.applied - levels.volume) > 0.001
        else {
            foreignLevelsLeft[key] = nil
            return
        }
        if foreignLevelsLeft.count >= Self.levelsLeftKept, foreignLevelsLeft[key] == nil, let any = foreignLevelsLeft.keys.first {
            foreignLevelsLeft[any] = nil
        }
        foreignLevelsLeft[key] = levels.volume
    }

    /// How many restore keys' levels are kept: more programs than a machine runs at once,
    /// and a bound however many names programs make up.
    static let levelsLeftKept = 256

    /// Gives a new foreign sink input, while it settles, the listener's volume of the
    /// stream before it, unmuted, where the server restored what the control left on that one.
    private func giveBackListenersLevel(_ index: UInt32) {
        guard let state = foreignStreams[index], let restoring = state.restoring else { return }
        let wanted = state.session.flatMap { volumes[$0]?.applied } ?? restoring.volume
        let muted = state.session.flatMap { volumes[$0]?.muted } ?? false
        if abs(state.reported - wanted) > max(0.01, wanted * 0.05) { setVolume(wanted, sinkInput: index, channels: state.channels) }
        if state.muted != muted { setMute(muted, sinkInput: index) }
    }

    /// Whether a stream of `session` plays now: an uncorked sink input of it, or an adopted
    /// source output that records.
    public func isSounding(session: String) -> Bool {
        connection.withLock {
            table.soundingSessions.contains(session)
                || foreignCaptures.values.contains { $0.session == session && !$0.corked }
        }
    }

    private static func foreignSinkInput(_ info: pa_sink_input_info) -> ForeignAudioStream {
        func property(_ key: String) -> String? {
            pa_proplist_gets(info.proplist, key).map { String(cString: $0) }
        }
        return ForeignAudioStream(
            index: info.index, mediaRole: property("media.role"), application: property("application.name"),
            binary: property("application.process.binary"), mediaName: property("media.name"),
            processID: property("application.process.id").flatMap { Int32($0) })
    }
}
