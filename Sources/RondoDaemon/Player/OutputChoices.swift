import Audio

/// Where the player's music can go: the audio server it was configured with (or the null
/// output), where `rondo output default` leads, and the Snapcast source of `[snapcast]
/// source`, where `rondo output snapcast` leads (SPEC §14).
struct OutputChoices: Sendable, Equatable {
    /// The audio server, or the null output; with `output = "snapcast"` configured, the
    /// PulseAudio server the daemon would otherwise use.
    var home: AudioOutput
    /// The Snapcast source.
    var snapcast: AudioOutput
    /// How `player.outputs` describes the Snapcast source.
    var snapcastDescription: String

    /// Choices that lead where the configuration's `output` and servers say.
    init(configured: AudioOutput, pulseServer: String?, snapcast source: SnapcastSource) {
        if case .snapcast = configured {
            home = .pulse(server: pulseServer)
        } else {
            home = configured
        }
        snapcast = OutputKind.snapcast.audioOutput(server: nil, snapcast: source)
        snapcastDescription = "Snapcast server at \(source), every room in sync"
    }
}
