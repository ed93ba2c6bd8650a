/// Reading the heard source again from a new place: a seek, a rate or scan change, a new
/// gain. Runs with the engine lock held.
extension PlaybackEngine {
    /// Drops everything queued and reads `source` again from the frame `frame` picks,
    /// reopening it if the decoder already moved on to the next source; a seek starts a
    /// `newGeneration`, a rate or scan change does not.
    func restart(
        _ source: TrackSource, newGeneration: Bool = false, at frame: (any AudioDecoder) -> Int
    ) throws(AudioError) {
        guard let stream else { return }
        if source.id != decoding?.id {
            // The decoder has moved on to the source prepared next: it follows again from
            // its start, and the heard source, already let go of, is read again.
            next =
                try decoding.map { decoding throws(AudioError) in
                    guard let decoder else { return nil }
                    try decoder.seek(toFrame: 0)
                    return OpenedTrack(source: decoding, decoder: decoder, startFrame: 0)
                } ?? nil
            decoder = try AudioDecoders.open(source.path, bytes: bytes)
        }
        decoding = source
        guard let decoder else { return }
        let target = frame(decoder)
        try decoder.seek(toFrame: target)
        stream.flush()
        pendingSwitch = nil
        if newGeneration { currentGeneration += 1 }
        beginFeed(source, at: target, format: decoder.format)
        if playing { start(stream) }
    }

    /// Replays from the heard position with the current rate and scan.
    func restartAtHeardPosition() {
        guard let heard = heardSegment() else { return }
        restartAt(heard)
    }

    /// Replays `heard` (a source and its media frame) with the current rate and scan; a
    /// source that can no longer be read is reported failed.
    func restartAt(_ heard: (source: TrackSource, mediaFrame: Int)) {
        do {
            try restart(heard.source) { _ in heard.mediaFrame }
        } catch {
            emit(.failed(heard.source.id, reason: error.description))
        }
    }

    func heardSegment(in stream: (any PlaybackOutput)? = nil) -> (source: TrackSource, mediaFrame: Int)? {
        guard let stream = stream ?? self.stream else { return nil }
        return timeline.locate(stream.heardFrames())
    }
}
