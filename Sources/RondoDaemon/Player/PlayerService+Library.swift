import Library
import Logging
import Playback

/// The player and the music library: `library.play`, the history behind Recently Played,
/// resume points of podcasts and audiobooks, and `nowPlayingIdentifiers`.
extension PlayerService {
    /// Seconds of a spoken-word item within which it counts as finished, and from which a
    /// new play starts at the beginning again.
    static let finishedMargin = 2.0
    /// How often a resume point is written while a spoken-word item plays.
    static let resumeSaveInterval = 5.0

    /// Replaces the queue with `selection` and plays from its start item, a chosen chapter
    /// from its start, a spoken-word track from its resume point, a station from its URL. `container` is the library item
    /// the queue came from.
    func play(_ selection: PlaybackSelection, container: String?) async throws(PlayerCommandError) -> CommandStatus {
        await connectOutput()
        var trial = player
        let effects: [PlayerEffect]
        do {
            effects = try trial.replace(
                withItems: selection.items.map(Self.mediaItem), startIndex: selection.startIndex, play: true,
                startPosition: selection.startOffset ?? Self.startPosition(of: selection.items[selection.startIndex]), at: now())
        } catch {
            throw Self.commandError(error)
        }
        // Known before the session is asked to admit the queue, which looks at the start item:
        // a station's URL is then never sent to the loader to be described from its bytes.
        let start = selection.items[selection.startIndex]
        for track in selection.tracks { descriptions.keep(TrackDescription(track), at: track.path, keeping: [start.location]) }
        for station in selection.stations { descriptions.keep(TrackDescription(station), at: station.url, keeping: [start.location]) }
        try commit(trial)
        listening.container = container
        let failure = apply(effects)
        return failure?.status ?? .success
    }

    /// Plays what a search chose (`player.playFromSearch`): in order unless `shuffled` (an
    /// artist's songs, queued in a shuffled order), so shuffle is switched off first for an
    /// album, a song, a show or a book.
    func playFromSearch(_ selection: PlaybackSelection, container: String?, shuffled: Bool) async throws(PlayerCommandError) -> CommandStatus {
        if !shuffled, player.shuffleMode != .off {
            _ = try carryOut(.changeShuffleMode(.off))
        }
        return try await play(selection, container: container)
    }

    /// Resumes what played last (`player.playFromSearch` with an empty query): the queue if it
    /// holds anything, else the track heard most recently; `noSuchContent` when nothing ever
    /// played.
    func resumeLastPlayed(recent: PlaybackSelection?) async throws(PlayerCommandError) -> CommandStatus {
        if player.queue.current != nil || !player.queue.entries.isEmpty {
            return try await send(.play).status
        }
        guard let recent else { return .noSuchContent }
        return try await play(recent, container: nil)
    }

    /// Records the current entry in the play history once it plays, and keeps the resume
    /// point of a spoken-word item that stopped playing.
    func noteListening() {
        guard let history, let current = player.queue.current else { return }
        if player.state == .playing, current.id != listening.recordedEntry {
            listening.recordedEntry = current.id
            history.recordPlay(of: current.location, at: now())
        }
        if player.state != .playing { keepResumePoint() }
    }

    /// Saves where the current spoken-word item is, unless that is within half a second of
    /// the resume point last saved. While it plays, the writer saves it every
    /// ``resumeSaveInterval`` seconds (``persist()``).
    func keepResumePoint() {
        guard let history, let current = player.queue.current, isSpokenWord(current) else { return }
        let position = player.elapsed(at: now())
        guard history.resumePoint.claim(current.location, at: position, unlessWithin: 0.5) else { return }
        history.saveResumePoint(of: current.location, at: position, rate: player.rate)
    }

    /// Marks the current spoken-word item as heard to the end, as it ends: an episode is
    /// played then, whatever its feed said of its length.
    func markCurrentFinished() {
        guard let history, let current = player.queue.current, isSpokenWord(current) else { return }
        if libraryTrack(at: current.location)?.episode != nil { history.markEpisodePlayed(current.location) }
        guard let duration = libraryTrack(at: current.location)?.duration ?? metadata(for: current).duration else { return }
        history.resumePoint.record(current.location, at: duration)
        history.saveResumePoint(of: current.location, at: duration, rate: player.rate)
    }

    /// The playing track's identifier, then the library container its queue came from.
    func nowPlayingIdentifiers() -> [String] {
        guard let current = player.queue.current else { return [] }
        return [metadata(for: current).externalContentIdentifier, listening.container].compactMap { $0 }
    }

    /// What the queue holds for an item of the library: a track's file, with its album for
    /// `collections` shuffle, or a station's URL.
    private static func mediaItem(_ item: PlaybackItem) -> MediaItem {
        switch item {
        case .track(let track): MediaItem(location: track.path, collection: collection(of: track))
        case .station(let station): MediaItem(location: station.url)
        }
    }

    /// Where an item starts: a track's resume point when it is spoken word heard part-way,
    /// else its beginning; a station where its stream is.
    private static func startPosition(of item: PlaybackItem) -> Double {
        guard case .track(let track) = item, track.isSpokenWord, let position = track.resumePosition else { return 0 }
        if let duration = track.duration, position >= duration - finishedMargin { return 0 }
        return position
    }

    /// The album a track belongs to, for `collections` shuffle.
    private static func collection(of track: CatalogTrack) -> String? {
        guard let album = track.albumTitle else { return nil }
        return (track.albumArtist ?? track.artist ?? "") + "\u{1F}" + album
    }
}
