/// One output device of the audio server: a PulseAudio sink (PipeWire's pulse server shows
/// its audio sinks as such).
public struct OutputDevice: Equatable, Sendable {
    /// The sink's name, as `pactl list sinks` and `PULSE_SINK` spell it.
    public var name: String
    /// Its human-readable description ("Built-in Audio Analog Stereo").
    public var description: String
    /// Whether it is the server's default sink.
    public var isDefault: Bool

    /// Creates a device.
    public init(name: String, description: String, isDefault: Bool) {
        self.name = name
        self.description = description
        self.isDefault = isDefault
    }
}
