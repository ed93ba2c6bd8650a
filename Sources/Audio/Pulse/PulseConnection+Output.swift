import CPulse

/// A PulseAudio server as an output: each stream is a ``PulseStream`` on this connection.
extension PulseConnection: OutputConnection {
    /// Whether the server still answers a request within `seconds`; since it handles a
    /// client's requests in order, an answer also means every earlier one was carried out.
    func answers(within seconds: Double) -> Bool {
        withLock {
            guard isAlive, let context,
                let operation = pa_context_get_server_info(
                    context,
                    { _, _, userdata in
                        guard let userdata else { return }
                        Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().signal()
                    }, Unmanaged.passUnretained(self).toOpaque())
            else { return false }
            defer { pa_operation_unref(operation) }
            _ = wait(upTo: seconds) { pa_operation_get_state(operation) != PA_OPERATION_RUNNING || !isAlive }
            let answered = pa_operation_get_state(operation) == PA_OPERATION_DONE
            if !answered { pa_operation_cancel(operation) }
            return answered && isAlive
        }
    }

    func openStream(
        format: AudioFormat, ring: SampleRing, sink: String?, corked: Bool, volume: Double, role: String,
        properties: [String: String]
    ) throws(AudioError) -> any PlaybackOutput {
        try PulseStream(
            connection: self, format: format, ring: ring, sink: sink, corked: corked, volume: volume, role: role,
            properties: properties)
    }
}
