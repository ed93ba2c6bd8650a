/// Waiting for a stream: while a remote track's decoder has nothing to give, the stream is
/// corked rather than fed silence as if it were music, and ``EngineEvent/buffering(_:)``
/// says so; sound plays on once the ring holds enough again. Runs with the engine lock held.
extension PlaybackEngine {
    /// Seconds of sound the ring holds before a stream that waited plays on.
    static let heldToPlayOn = 0.5

    /// Whether the decoder being read has nothing now though more is to come.
    var decoderWaits: Bool { !decoderAtEnd && decoder?.waitsForInput == true }

    /// Starts waiting when the ring ran dry while the decoder waits, and plays on when the
    /// ring holds ``heldToPlayOn`` seconds or the decoder has reached its end.
    func followBuffering(_ stream: any PlaybackOutput) {
        guard playing else { return }
        if !buffering {
            if ring.available == 0, decoderWaits { startBuffering(stream) }
            return
        }
        guard heldSeconds(stream) >= Self.heldToPlayOn || decoderAtEnd else { return }
        buffering = false
        stream.topUp()
        stream.setCorked(false)
        emit(.buffering(false))
    }

    /// Seconds of sound the ring holds for `stream`.
    func heldSeconds(_ stream: any PlaybackOutput) -> Double {
        Double(ring.available / stream.format.channels) / Double(stream.format.sampleRate)
    }

    /// Corks the stream until the decoder has given enough.
    func startBuffering(_ stream: any PlaybackOutput) {
        buffering = true
        stream.setCorked(true)
        emit(.buffering(true))
    }

    /// Ends a wait without playing on (a pause, a stop): said only if one was going on.
    func endBuffering() {
        guard buffering else { return }
        buffering = false
        emit(.buffering(false))
    }
}
