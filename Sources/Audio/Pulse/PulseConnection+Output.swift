/// A PulseAudio server as an output: each stream is a ``PulseStream`` on this connection.
extension PulseConnection: OutputConnection {
    func openStream(
        format: AudioFormat, ring: SampleRing, sink: String?, corked: Bool, volume: Double, role: String,
        properties: [String: String]
    ) throws(AudioError) -> any PlaybackOutput {
        try PulseStream(
            connection: self, format: format, ring: ring, sink: sink, corked: corked, volume: volume, role: role,
            properties: properties)
    }
}
