import CPulse

/// Applying gains and mutes to sink inputs, and the timer that steps ramps. Everything
/// here runs with the mainloop lock held; the timer callback runs on the mainloop thread.
extension SessionAudioControl {
    /// Sets every sink input of `session` to the gain the session has reached times its volume.
    func applyGain(of session: String) {
        guard let gain = volumes[session]?.applied else { return }
        for sinkInput in table.sinkInputs(of: session) where !openingOwnStreams.contains(sinkInput.index) {
            setVolume(gain, sinkInput: sinkInput.index, channels: sinkInput.entry.channels)
        }
    }

    /// Mutes every sink input of `session` while it is muted (``SessionVolume/muted``), and
    /// unmutes them otherwise.
    func applyMute(of session: String) {
        let muted = volumes[session]?.muted ?? false
        for sinkInput in table.sinkInputs(of: session) where !openingOwnStreams.contains(sinkInput.index) {
            setMute(muted, sinkInput: sinkInput.index)
        }
    }

    /// Sets one sink input's volume, on all its channels, to a linear gain.
    func setVolume(_ gain: Double, sinkInput index: UInt32, channels: Int) {
        guard let context = connection.context, channels > 0 else { return }
        var volume = pa_cvolume()
        pa_cvolume_set(&volume, UInt32(channels), pa_sw_volume_from_linear(gain))
        PulseConnection.release(pa_context_set_sink_input_volume(context, index, &volume, nil, nil))
        foreignStreams[index]?.noteSet(pa_sw_volume_to_linear(volume.values.0))
    }

    /// Mutes or unmutes one sink input.
    func setMute(_ muted: Bool, sinkInput index: UInt32) {
        guard let context = connection.context else { return }
        PulseConnection.release(pa_context_set_sink_input_mute(context, index, muted ? 1 : 0, nil, nil))
    }

    /// Arms the ramp timer one step after `now` (libpulse monotonic microseconds).
    func scheduleRampStep(after now: UInt64) {
        guard let context = connection.context else { return }
        let due = now + Self.rampStep
        if let rampTimer {
            pa_context_rttime_restart(context, rampTimer, due)
        } else {
            rampTimer = connection.makeTimer(
                at: due, sessionAudioRampStep, userdata: Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// Moves every ramp in progress on to now, and re-arms the timer while any remains.
    fileprivate func stepRamps() {
        let now = pa_rtclock_now()
        var ramping = false
        for session in Array(volumes.keys) where volumes[session]?.isRamping == true {
            let wasMuted = volumes[session]?.muted
            _ = volumes[session]?.advance(to: now)
            applyGain(of: session)
            if volumes[session]?.muted != wasMuted { applyMute(of: session) }
            ramping = ramping || volumes[session]?.isRamping == true
        }
        if ramping { scheduleRampStep(after: now) }
    }
}

private func sessionAudioRampStep(
    _ api: UnsafeMutablePointer<pa_mainloop_api>?, _ timer: OpaquePointer?, _ time: UnsafePointer<timeval>?,
    _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue().stepRamps()
}
