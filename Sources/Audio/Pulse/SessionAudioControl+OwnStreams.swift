import CPulse

/// The daemon's own streams (the engine's, the prompts'), which share the control's
/// connection: their sink inputs are left alone until their stream is ready.
///
/// PipeWire's `pipewire-pulse` never finishes creating a stream whose client set the volume
/// or the mute of its sink input before the creation was answered; a sink input appears (and
/// is reported) before that. So a sink input of this client is first "opening": no gain,
/// mute or ramp touches it until ``ownStreamReady(_:)`` (the stream's owner, once it is
/// ready), which then gives it the session's level as any new sink input gets it. Everything
/// here runs with the mainloop lock held.
extension SessionAudioControl {
    /// Whether a sink input reported for the first time is one of this client's streams
    /// still being created: noted as opening, to be set once ready.
    func holdsOpening(_ info: pa_sink_input_info, isNew: Bool) -> Bool {
        if openingOwnStreams.contains(info.index) { return true }
        guard isNew, info.client == ownClient else { return false }
        if readyOwnStreams.remove(info.index) != nil { return false }
        openingOwnStreams.insert(info.index)
        return true
    }

    /// One of this client's streams is ready at the server: its sink input gets its
    /// session's level and mute now, and is held to them for ``settleTime``.
    func ownStreamReady(_ index: UInt32) {
        guard openingOwnStreams.remove(index) != nil else {
            readyOwnStreams.insert(index)
            return
        }
        guard let (session, channels) = table.entries[index].map({ ($0.session, $0.channels) }) else { return }
        let wanted = volumes[session] ?? SessionVolume()
        settling[index] = pa_rtclock_now() + Self.settleTime
        setVolume(wanted.applied, sinkInput: index, channels: channels)
        setMute(wanted.muted, sinkInput: index)
    }

    /// Forgets a sink input that went away.
    func forgetOwnStream(_ index: UInt32) {
        openingOwnStreams.remove(index)
        readyOwnStreams.remove(index)
    }
}
