/// The null output: always there; every stream it opens is a ``NullOutputStream`` that
/// takes samples at the pace of a real sink and discards them.
final class NullOutputConnection: OutputConnection {
    var isAlive: Bool { true }

    func onFailure(_ react: @escaping @Sendable () -> Void) {}

    func close() {}

    func openStream(
        format: AudioFormat, ring: SampleRing, sink: String?, corked: Bool, volume: Double, role: String,
        properties: [String: String]
    ) throws(AudioError) -> any PlaybackOutput {
        NullOutputStream(format: format, ring: ring, corked: corked)
    }
}
