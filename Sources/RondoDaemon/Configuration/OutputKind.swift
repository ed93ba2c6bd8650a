public import Audio

/// Where the daemon's sound goes, as `output` in the configuration and `--output` name it.
public enum OutputKind: String, Sendable, Equatable {
    /// A PulseAudio server (PipeWire-Pulse too): the listener hears the music.
    case pulse
    /// No sound card: samples are taken in real time and discarded, for machines without
    /// an audio server and for measuring the daemon alone. Session gains and mutes have
    /// nothing to act on.
    case null
    /// A Snapcast server's TCP stream source (`[snapcast] source`): every room in sync.
    case snapcast

    /// The output for the engine and the prompts; `server` is the PulseAudio server string,
    /// `snapcast` the snapserver source.
    public func audioOutput(server: String?, snapcast: SnapcastSource) -> AudioOutput {
        switch self {
        case .pulse: .pulse(server: server)
        case .null: .null
        case .snapcast: .snapcast(host: snapcast.host, port: snapcast.port, bufferMilliseconds: snapcast.bufferMilliseconds)
        }
    }
}
