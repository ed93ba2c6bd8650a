/// Why the audio layer could not do what was asked.
public enum AudioError: Error, Equatable, Sendable {
    /// The file cannot be opened or decoded (as MP3, FLAC, Ogg Vorbis, Opus or WAV).
    case decodeFailed(String, reason: String)
    /// No PulseAudio server answers, or it refused the stream.
    case pulseUnavailable(String)
    /// The address cannot be reached: no such host, refused, a TLS failure, or an HTTP error
    /// that retrying did not cure; `reason` says which.
    case unreachable(String, reason: String)
}

extension AudioError: CustomStringConvertible {
    /// A sentence saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .decodeFailed(let path, let reason):
            "cannot decode \(path): \(reason); check that it is a readable MP3, FLAC, Ogg Vorbis, Opus or WAV file"
        case .pulseUnavailable(let reason):
            "PulseAudio is not available (\(reason)); start it (pulseaudio --start) or set PULSE_SERVER"
        case .unreachable(let address, let reason):
            "cannot reach \(address): \(reason); check the address and the network"
        }
    }
}
