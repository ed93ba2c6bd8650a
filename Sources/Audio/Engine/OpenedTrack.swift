/// A track's file opened and positioned, ready for the engine: what ``PlaybackEngine``
/// plays from ``PlaybackEngine/load(_:playing:)`` and follows on with from
/// ``PlaybackEngine/prepareNext(_:)``.
///
/// Opening reads the file's first bytes and, for a seek, its index: on a slow source (a
/// stream, next) that may take as long as the source does, so it is done by whoever hands
/// the track to the engine (the player's loader), never under the engine's lock.
///
/// Ownership: the opener's thread uses it until it hands it to the engine; the engine's
/// lock guards it from then on. It is never used from two threads at once, which is what
/// makes it `Sendable`.
public struct OpenedTrack: @unchecked Sendable {
    /// What the engine reports the track under, and its gain.
    public var source: TrackSource
    /// The decoder, positioned at ``startFrame``.
    let decoder: any AudioDecoder
    /// The frame the next read starts at.
    let startFrame: Int
    /// Whether it is a live stream: no end, no seeking, joined where it is now.
    public let isLiveStream: Bool

    /// The track's length in seconds, when its decoder knows it (never for a live stream).
    public var duration: Double? { decoder.frameCount.map { Double($0) / Double(decoder.format.sampleRate) } }

    /// Where the next read starts, in seconds of the track.
    public var position: Double { Double(startFrame) / Double(decoder.format.sampleRate) }

    init(source: TrackSource, decoder: any AudioDecoder, startFrame: Int) {
        self.source = source
        self.decoder = decoder
        self.startFrame = startFrame
        isLiveStream = (decoder as? PrefetchingDecoder)?.isLiveStream ?? false
    }

    /// Opens `source`'s location (through `bytes`) with the decoder its content calls for
    /// and seeks to `position` seconds (clamped to the track's length; a live stream is
    /// joined where it is). Blocks for as long as the file or the network takes.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` for bytes that cannot be read,
    ///   hold no known format, or cannot seek; what `bytes` throws.
    public static func open(
        _ source: TrackSource, at position: Double = 0, bytes: ByteSourceOpener = FileByteSource.opener
    ) throws(AudioError) -> OpenedTrack {
        let decoder = try AudioDecoders.open(source.path, bytes: bytes)
        if (decoder as? PrefetchingDecoder)?.isLiveStream == true {
            return OpenedTrack(source: source, decoder: decoder, startFrame: 0)
        }
        let frame = frame(at: position, in: decoder)
        if frame > 0 { try decoder.seek(toFrame: frame) }
        return OpenedTrack(source: source, decoder: decoder, startFrame: frame)
    }

    /// Moves the decoder to `position` seconds (clamped), for a seek decided while the track
    /// was being opened.
    /// - Returns: the track positioned there.
    /// - Throws: ``AudioError/decodeFailed(_:reason:)`` when the file cannot seek.
    public func repositioned(at position: Double) throws(AudioError) -> OpenedTrack {
        let frame = Self.frame(at: position, in: decoder)
        guard frame != startFrame, !isLiveStream else { return self }
        try decoder.seek(toFrame: frame)
        return OpenedTrack(source: source, decoder: decoder, startFrame: frame)
    }

    /// The frame `seconds` into what `decoder` reads, clamped to its length.
    static func frame(at seconds: Double, in decoder: any AudioDecoder) -> Int {
        let frame = Int((max(0, seconds) * Double(decoder.format.sampleRate)).rounded())
        return decoder.frameCount.map { min(frame, $0) } ?? frame
    }
}
