/// Where the daemon's sound goes: a PulseAudio (or PipeWire-Pulse) server, a Snapcast
/// server that plays it in every room, or nowhere at the pace of a real sink, for machines
/// without an audio server and for measuring the daemon without one.
public enum AudioOutput: Sendable, Equatable {
    /// A PulseAudio server: the server string, or `nil` for the default (`PULSE_SERVER`).
    case pulse(server: String?)
    /// A sink that takes samples in real time and discards them (``NullOutputConnection``).
    case null
    /// A snapserver's TCP stream source, every room in sync (``SnapcastConnection``), which
    /// holds what it reads `bufferMilliseconds` before the rooms play it.
    case snapcast(host: String, port: Int, bufferMilliseconds: Int)

    /// Connects to the output; ``AudioServer`` is its one caller.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` when no PulseAudio server, or no
    ///   snapserver, answers.
    func connect() throws(AudioError) -> any OutputConnection {
        switch self {
        case .pulse(let server): try PulseConnection(server: server)
        case .null: NullOutputConnection()
        case .snapcast(let host, let port, let buffer): try SnapcastConnection(host: host, port: port, bufferMilliseconds: buffer)
        }
    }
}
