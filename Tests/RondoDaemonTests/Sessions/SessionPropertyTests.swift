import Audio
import RondoProtocol
import Testing

/// The stream property that ties streams to sessions is spelled the same where the CLI
/// writes it (`RondoProtocol`) and where the daemon looks for it (`Audio`).
@Test func sessionPropertyAgreesAcrossModules() {
    #expect(SessionAudioControl.sessionProperty == SessionProperty.name)
}
