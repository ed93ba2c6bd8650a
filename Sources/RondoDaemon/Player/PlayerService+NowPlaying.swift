import Audio
import Playback

/// The now-playing state: computed on the actor as the player changes, published for the
/// readers that do not wait for the actor (`nowPlaying.get`), and re-anchored on what is
/// heard.
extension PlayerService {
    /// The now-playing dictionary and playback state, exact as of now.
    func nowPlaying() -> PlayerNowPlaying {
        observeOutput()
        return nowPlayingState()
    }

    /// Re-anchors the elapsed time on what the output says the listener hears, while
    /// playing (or `evenWhenPaused`, for the pause that has just been decided). A position in another source than the current entry
    /// belongs to an advance whose notice is on its way: the elapsed time of the entry
    /// still current is left to run until that notice moves the queue on.
    func observeOutput(evenWhenPaused: Bool = false) {
        guard evenWhenPaused || player.state == .playing, let heard = engine.position,
            heard.sourceID == player.queue.current?.id
        else { return }
        _ = player.handle(.positionObserved(heard.seconds), at: now())
    }

    /// The now-playing state as of now, also published for the readers that do not wait
    /// for the actor (``publishedNowPlaying``; `nowPlaying.get` answers from it).
    @discardableResult
    func nowPlayingState() -> PlayerNowPlaying {
        nowPlayingState(at: now())
    }

    /// The now-playing state as of `moment`, published as ``nowPlayingState()`` is.
    @discardableResult
    func nowPlayingState(at moment: Double) -> PlayerNowPlaying {
        if let current = player.queue.current {
            _ = player.setMetadata(metadata(for: current), for: current.id)
        }
        let state = PlayerNowPlaying(
            info: player.nowPlayingInfo(at: moment), state: player.state, identifiers: nowPlayingIdentifiers(), volume: volume,
            buffering: buffering && player.state == .playing, sleep: sleepState())
        publishedNowPlaying.store(state, entryID: player.queue.current?.id)
        publishStatus()
        return state
    }
}
