/// Where the engine's sound goes, changed while it plays: the sink on the audio server, or
/// another output altogether. Each method takes the engine lock.
extension PlaybackEngine {
    /// Plays to `sink` from now on (`nil`: the server's default, followed when it changes).
    /// What plays now moves there at once: a new stream on that sink takes over from the
    /// position heard, paused or playing as before; unless `reopening`, only when the choice
    /// changed.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when the server refuses a stream on
    ///   that sink; the engine then plays on where it was and keeps the old choice.
    public func setSink(_ sink: String?, reopening: Bool) throws(AudioError) {
        try locked { () throws(AudioError) in
            guard sink != self.sink || reopening else { return }
            let previous = self.sink
            self.sink = sink
            guard let old = stream, connection?.isAlive == true, old.isHealthy, let heard = heardSegment(in: old) else {
                return
            }
            stream = nil
            do throws(AudioError) {
                _ = try streamFor(old.format)
            } catch {
                self.sink = previous
                stream = old
                throw error
            }
            try restart(heard.source) { _ in heard.mediaFrame }
        }
    }

    /// Where the sound goes now (``AudioServer/output``).
    public var output: AudioOutput { server.output }

    /// Leads the sound to `output` from the next play on without connecting there now, when
    /// nothing is connected yet: the output a restart restores, which may not answer then
    /// and is waited for as an audio server that does not answer is (a play fails with
    /// ``AudioError/pulseUnavailable(_:)`` until it does). With a connection up, the sound
    /// moves there at once (``moveOutput(to:)``).
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when it moves and `output` does not
    ///   answer; the sound then stays where it was.
    public func leadOutput(to output: AudioOutput) throws(AudioError) {
        guard !locked({ stream == nil && server.lead(to: output) }) else { return }
        try moveOutput(to: output)
    }

    /// Moves the sound, and every prompt and session after it, to `output` (the audio
    /// server, the Snapcast source, the null output). What plays goes on there from the
    /// position heard, paused or playing as before; the connection left behind closes once
    /// the new stream took over.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when `output` does not answer or
    ///   refuses a stream; the sound then stays where it was.
    public func moveOutput(to output: AudioOutput) throws(AudioError) {
        guard output != server.output else { return }
        let candidate = try server.candidate(for: output)
        let replaced = try locked { () throws(AudioError) -> OutputCandidate? in
            let old = stream.flatMap { $0.isHealthy ? $0 : nil }
            let heard = old.flatMap { heardSegment(in: $0) }
            if let old {
                do throws(AudioError) {
                    stream = try candidate.connection.openStream(
                        format: old.format, ring: ring, sink: sink, corked: true, volume: streamVolume, role: "music",
                        properties: streamProperties)
                } catch {
                    candidate.close()
                    throw error
                }
            } else {
                stream = nil
            }
            connection = candidate.connection
            let replaced = server.adopt(candidate)
            if let heard { restartAt(heard) }
            return replaced
        }
        replaced?.close()
    }
}
