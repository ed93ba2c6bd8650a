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
        guard var state = foreignStreams[info.index] else {
            foreignStreams[info.index] = ForeignStreamState(
                sink: info.sink, corked: info.corked != 0, channels: Int(info.sample_spec.channels), reported: volume)
            deliver([.foreignStreamAppeared(Self.foreignSinkInput(info))])
            return
        }
        let othersChange = state.isOthersChange(volume)
        state.sink = info.sink
        state.corked = info.corked != 0
        state.reported = volume
        foreignStreams[info.index] = state
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
            volumes[session, default: SessionVolume()].volume = state.reported
            guard let levels = volumes[session], let entry = state.entry else { return }
            if abs(levels.applied - state.reported) > 0.001 { setVolume(levels.applied, sinkInput: index, channels: state.channels) }
            if levels.muted { setMute(true, sinkInput: index) }
            deliver(table.update(index, to: entry, at: pa_rtclock_now()).events)
        }
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
