import CPulse

/// Following the server: the subscription, the queries it triggers and the table updates
/// they make. Everything here runs with the mainloop lock held; the callbacks run on the
/// mainloop thread.
extension SessionAudioControl {
    /// Subscribes to sink, sink-input and source-output events, then reads the sinks, sink
    /// inputs and source outputs already there, waiting for the lists. The lock is held, off the mainloop thread.
    func subscribe() throws(AudioError) {
        guard let context = connection.context else { throw .pulseUnavailable("not connected") }
        let me = Unmanaged.passUnretained(self).toOpaque()
        ownClient = pa_context_get_index(context)
        pa_context_set_subscribe_callback(context, sessionAudioSubscriptionEvent, me)
        let mask =
            PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue | PA_SUBSCRIPTION_MASK_SINK.rawValue
            | PA_SUBSCRIPTION_MASK_SOURCE_OUTPUT.rawValue | PA_SUBSCRIPTION_MASK_SERVER.rawValue
        // The server answers in order: the lists below come after the subscription is live,
        // so nothing falls between the two.
        PulseConnection.release(pa_context_subscribe(context, pa_subscription_mask_t(mask), nil, nil))
        connection.await(pa_context_get_server_info(context, sessionAudioServerInfo, me))
        connection.await(pa_context_get_sink_info_list(context, sessionAudioSinkListed, me))
        connection.await(pa_context_get_sink_input_info_list(context, sessionAudioSinkInputInfo, me))
        connection.await(pa_context_get_source_output_info_list(context, sessionAudioSourceOutputInfo, me))
        guard connection.isAlive else { throw .pulseUnavailable("the server went away while listing sinks") }
    }

    fileprivate func subscriptionEvent(_ event: pa_subscription_event_type_t, index: UInt32) {
        guard let context = connection.context else { return }
        let facility = event.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
        let kind = event.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue
        let me = Unmanaged.passUnretained(self).toOpaque()
        let removed = kind == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue
        switch facility {
        case PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue where removed:
            settling[index] = nil
            forgetOwnStream(index)
            deliver(table.remove(index, at: pa_rtclock_now()))
            if let gone = foreignStreams.removeValue(forKey: index) {
                noteLevelsLeft(by: gone)
                deliver([.foreignStreamGone(index: index, captures: false)])
            }
        case PA_SUBSCRIPTION_EVENT_SOURCE_OUTPUT.rawValue where removed:
            captureRemoved(index)
        case PA_SUBSCRIPTION_EVENT_SOURCE_OUTPUT.rawValue:
            PulseConnection.release(pa_context_get_source_output_info(context, index, sessionAudioSourceOutputInfo, me))
        case PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue:
            PulseConnection.release(pa_context_get_sink_input_info(context, index, sessionAudioSinkInputInfo, me))
        case PA_SUBSCRIPTION_EVENT_SINK.rawValue where removed:
            deliver(table.removeSink(index, at: pa_rtclock_now()))
        case PA_SUBSCRIPTION_EVENT_SINK.rawValue:
            // A new sink is news; a changed one may have a new description.
            if kind == PA_SUBSCRIPTION_EVENT_NEW.rawValue {
                PulseConnection.release(pa_context_get_sink_info_by_index(context, index, sessionAudioSinkAppeared, me))
            } else {
                PulseConnection.release(pa_context_get_sink_info_by_index(context, index, sessionAudioSinkChanged, me))
            }
        case PA_SUBSCRIPTION_EVENT_SERVER.rawValue:
            PulseConnection.release(pa_context_get_server_info(context, sessionAudioServerInfo, me))
        default:
            break
        }
    }

    /// Records what the server says a sink input is now; a session's sink input seen for
    /// the first time gets the session's remembered gain and mute, full volume and unmuted
    /// when none is remembered: a server that restores a stream's last volume by its role
    /// or application (WirePlumber's restore-stream, PulseAudio's stream-restore) must
    /// never carry a duck over into a later stream.
    fileprivate func sinkInputInfo(_ info: pa_sink_input_info) {
        let session = pa_proplist_gets(info.proplist, Self.sessionProperty).map { String(cString: $0) }
        if session == nil, info.client != ownClient {
            foreignSinkInputInfo(info)
            return
        }
        let entry = session.map {
            SinkInputTable.Entry(
                session: $0, sink: info.sink, corked: info.corked != 0, channels: Int(info.sample_spec.channels))
        }
        let now = pa_rtclock_now()
        let (isNew, events) = table.update(info.index, to: entry, at: now)
        if let entry, !holdsOpening(info, isNew: isNew) { holdVolume(of: info, entry: entry, isNew: isNew, now: now) }
        deliver(events)
    }

    /// Sets a new sink input to its session's gain and mute, and sets them again whenever the
    /// server reports otherwise during ``settleTime``.
    private func holdVolume(of info: pa_sink_input_info, entry: SinkInputTable.Entry, isNew: Bool, now: UInt64) {
        if isNew { settling[info.index] = now + Self.settleTime }
        guard let until = settling[info.index] else { return }
        guard now <= until else {
            settling[info.index] = nil
            return
        }
        let wanted = volumes[entry.session] ?? SessionVolume()
        var reported = info.volume
        let current = pa_sw_volume_to_linear(pa_cvolume_avg(&reported))
        if isNew || abs(current - wanted.applied) > max(0.01, wanted.applied * 0.05) {
            setVolume(wanted.applied, sinkInput: info.index, channels: entry.channels)
        }
        if isNew || (info.mute != 0) != wanted.muted { setMute(wanted.muted, sinkInput: info.index) }
    }

    fileprivate func sinkInfo(_ info: pa_sink_info, announce: Bool) {
        let events = table.addSink(
            info.index, name: String(cString: info.name), description: info.description.map { String(cString: $0) } ?? "")
        if announce { deliver(events) }
    }

    func deliver(_ events: [AudioServerEvent]) {
        for event in events { onEvent(event) }
    }
}

private func sessionAudioServerInfo(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_server_info>?, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    let control = Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue()
    if let info { control.defaultSink = info.pointee.default_sink_name.map { String(cString: $0) } }
    control.connection.signal()
}

private func sessionAudioSubscriptionEvent(
    _ context: OpaquePointer?, _ event: pa_subscription_event_type_t, _ index: UInt32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue().subscriptionEvent(event, index: index)
}

private func sessionAudioSinkInputInfo(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_sink_input_info>?, _ end: Int32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    let control = Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue()
    // A sink input that went before its query was answered comes back as an error: skip it.
    if let info { control.sinkInputInfo(info.pointee) } else { control.connection.signal() }
}

private func sessionAudioSinkListed(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_sink_info>?, _ end: Int32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    let control = Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue()
    // The sinks there at start are the baseline, not news.
    if let info { control.sinkInfo(info.pointee, announce: false) } else { control.connection.signal() }
}

private func sessionAudioSinkChanged(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_sink_info>?, _ end: Int32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata, let info else { return }
    let control = Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue()
    control.table.describeSink(info.pointee.index, as: info.pointee.description.map { String(cString: $0) } ?? "")
}

private func sessionAudioSinkAppeared(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_sink_info>?, _ end: Int32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata, let info else { return }
    Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue().sinkInfo(info.pointee, announce: true)
}

private func sessionAudioSourceOutputInfo(
    _ context: OpaquePointer?, _ info: UnsafePointer<pa_source_output_info>?, _ end: Int32, _ userdata: UnsafeMutableRawPointer?
) {
    guard let userdata else { return }
    let control = Unmanaged<SessionAudioControl>.fromOpaque(userdata).takeUnretainedValue()
    // A source output that went before its query was answered comes back as an error: skip it.
    if let info { control.sourceOutputInfo(info.pointee) } else { control.connection.signal() }
}
