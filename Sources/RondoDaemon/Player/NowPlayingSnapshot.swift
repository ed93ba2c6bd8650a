import RondoProtocol
import Synchronization

/// The now-playing state as the player last computed it, and how to bring it up to a
/// given moment: what `nowPlaying.get` answers without waiting for the player's actor.
///
/// Only the elapsed time moves between two changes the player publishes. While playing it
/// is the position heard at the output, when the output is playing the current entry, or
/// else the last elapsed time carried forward at the playback rate, as a reader of the
/// dictionary would (SPEC §3), capped at the duration.
struct NowPlayingSnapshot: Sendable, Equatable {
    /// The state as published.
    var state: NowPlayingState
    /// The queue entry the state describes (the output's source id while it plays).
    var entryID: UInt64?

    /// Nothing playing, nothing queued.
    static let empty = NowPlayingSnapshot(state: NowPlayingState(info: NowPlayingInfoPayload(), playbackState: .stopped), entryID: nil)

    /// The state at `now`, given what the output hears (its source and position) if anything.
    func state(at now: Double, heard: (sourceID: UInt64, seconds: Double)?) -> NowPlayingState {
        guard state.playbackState == .playing, let elapsed = state.info.elapsedPlaybackTime, let timestamp = state.info.timestamp else {
            return state
        }
        var position: Double
        if let heard, heard.sourceID == entryID {
            position = heard.seconds
        } else {
            position = elapsed + max(0, now - timestamp) * (state.info.playbackRate ?? 0)
        }
        let duration = state.info.playbackDuration
        if let duration { position = min(position, duration) }
        position = max(0, position)
        var current = state
        current.info.elapsedPlaybackTime = position
        current.info.timestamp = now
        if let duration, duration > 0 { current.info.playbackProgress = min(1, position / duration) }
        return current
    }
}

/// The snapshot the player publishes and any thread reads.
///
/// A snapshot that is not playing reads the same until the next one is stored, so its
/// state is encoded once, as it is stored, and every `nowPlaying.get` until then is answered
/// with those bytes (``settledEncoding()``).
///
/// Ownership: the player's actor stores, request handlers on the request loop load.
final class PublishedNowPlaying: Sendable {
    private let snapshot = Mutex((NowPlayingSnapshot.empty, settled: EncodedJSON?.none))
    private let codec = JSONRPCCodec()

    /// Replaces the snapshot.
    func store(_ new: NowPlayingSnapshot) {
        let settled = new.state.playbackState == .playing ? nil : try? codec.encodeResult(new.state)
        snapshot.withLock { $0 = (new, settled) }
    }

    /// The snapshot last stored.
    func load() -> NowPlayingSnapshot {
        snapshot.withLock { $0.0 }
    }

    /// The encoded state of the snapshot last stored when it is not playing (and so reads
    /// the same at any moment); `nil` while playing.
    func settledEncoding() -> EncodedJSON? {
        snapshot.withLock { $0.settled }
    }
}
