import Audio

/// Makes a connection to the audio server for the sessions, given where its reports go.
/// - Throws: ``AudioError/pulseUnavailable(_:)`` when no server answers.
typealias SessionAudioConnector =
    @Sendable (
        _ onEvent: @escaping @Sendable (SessionAudioEvent) -> Void
    ) throws(AudioError) -> any SessionAudio

extension SessionService {
    /// The connector for the daemon's output: a PulseAudio session control for a PulseAudio
    /// server, none for the null output (no streams have gains to set).
    static func connector(for output: AudioOutput) -> SessionAudioConnector? {
        guard case .pulse(let server) = output else { return nil }
        return { onEvent throws(AudioError) in try SessionAudioControl(server: server, onEvent: onEvent) }
    }
}
