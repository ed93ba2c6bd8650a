import Glibc

/// Plays short sounds — spoken or recorded prompts and a generated chime — each on a new
/// stream of the ``AudioServer``'s connection with `media.role=navigation`, to the end.
///
/// Threading: ``play(file:properties:until:)`` and ``playChime(properties:until:)`` block the calling
/// thread until the sound has been played out, so call them off actors and event loops;
/// several threads may play at once (each sound gets its own stream).
public final class PromptPlayer: Sendable {
    /// The `media.role` of prompt streams.
    public static let role = "navigation"

    private let server: AudioServer
    private let sink: String?
    private let bytes: ByteSourceOpener

    /// Creates a player; nothing is opened until the first sound.
    /// - Parameters:
    ///   - server: the audio server's connection, which each sound opens a stream on.
    ///   - sink: the sink name, or `nil` for the server's default sink.
    ///   - bytes: opens a prompt's location (files only unless given more).
    public init(server: AudioServer, sink: String?, bytes: @escaping ByteSourceOpener = FileByteSource.opener) {
        self.server = server
        self.sink = sink
        self.bytes = bytes
    }

    /// Plays an audio file (MP3, FLAC, Ogg Vorbis, Opus or WAV, told apart by content:
    /// ``AudioDecoders/open(_:bytes:)``) to the end, then drains and closes its stream.
    /// - Parameters:
    ///   - file: the file's path, or a stream's URL when the player's opener reaches the network.
    ///   - properties: proplist entries for the stream (such as `rondo.session.id`), set over
    ///     `media.role=navigation` and `application.name=Rondo`.
    ///   - shouldStop: asked every 20 ms; `true` stops the sound at once and returns.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file cannot be read or
    ///   decoded (before anything is played, or part-way); ``AudioError/pulseUnavailable(_:)``
    ///   when no server takes the stream, or it stops taking audio for
    ///   ``PromptFeed/stallLimit`` (a stream kept corked by a policy module).
    public func play(
        file: String, properties: [String: String] = [:], until shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(AudioError) {
        try play(AudioDecoders.open(file, bytes: bytes), properties: properties, until: shouldStop)
    }

    /// Plays the two-note ``ChimeTone`` (0.3 s), the short prompt, then drains and closes
    /// its stream.
    /// - Parameters:
    ///   - properties: proplist entries for the stream, as in ``play(file:properties:until:)``.
    ///   - shouldStop: as in ``play(file:properties:until:)``.
    /// - Throws: ``AudioError/pulseUnavailable(_:)`` as in ``play(file:properties:until:)``.
    public func playChime(
        properties: [String: String] = [:], until shouldStop: @escaping @Sendable () -> Bool = { false }
    ) throws(AudioError) {
        let chime = ChimeTone()
        try play(
            SampleBufferDecoder(samples: chime.samples(), format: chime.format), properties: properties, until: shouldStop)
    }

    private func play(
        _ decoder: any AudioDecoder, properties: [String: String], until shouldStop: @escaping @Sendable () -> Bool
    ) throws(AudioError) {
        let connection = try server.connection()
        let format = decoder.format
        let ring = SampleRing(minimumCapacity: format.sampleRate * format.channels / 2)
        let stream = try connection.openStream(
            format: format, ring: ring, sink: sink, corked: false, volume: 1, role: Self.role,
            properties: ["media.name": "Rondo prompt"].merging(properties) { $1 })
        try PromptFeed(decoder: decoder, ring: ring, stream: stream, connection: connection, shouldStop: shouldStop).run()
    }
}
