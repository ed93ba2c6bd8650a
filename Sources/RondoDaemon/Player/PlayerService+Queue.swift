import Foundation
import Playback

/// The `queue.*` methods: pages of the queue and its edits, each decided by the player and
/// carried out on the output; a change that would start sound goes through ``commit(_:)``.
extension PlayerService {
    /// A page of the queue, with what the player knows of each entry; an entry it has not
    /// described yet shows its location alone and is not asked for here (the caller fills it
    /// from the library and asks ``describe(_:)`` for the rest).
    func queue(offset: Int, limit: Int?) -> QueuePage {
        let entries = player.queue.entries
        let start = min(max(0, offset), entries.count)
        // The page is clamped to what remains before it is added: a client's limit may be
        // anything up to Int.max.
        let end = start + min(entries.count - start, max(0, limit ?? entries.count))
        let items = (start..<end).map { position in
            let entry = entries[position]
            let known = descriptions[entry.location]
            let metadata = known?.metadata ?? TrackDescription.placeholder(entry.location)
            return QueuePage.Entry(
                position: position, assetURL: MediaPaths.assetURL(of: metadata.assetLocation ?? entry.location),
                title: metadata.title, artist: metadata.artist, albumTitle: metadata.albumTitle, duration: metadata.duration,
                location: entry.location, isDescribed: known != nil)
        }
        return QueuePage(
            entries: items, index: player.queue.currentIndex, count: entries.count, shuffle: player.shuffleMode,
            repeatMode: player.repeatMode)
    }

    /// Appends files (directories add their audio files, found off the actor).
    nonisolated func append(_ items: [String]) async throws(PlayerCommandError) -> Int {
        let paths = try await MediaPaths.expanded(items)
        return await append(expanded: paths)
    }

    private func append(expanded paths: [String]) -> Int {
        _ = apply(player.append(paths, at: now()))
        describeAhead(paths)
        return player.queue.count
    }

    /// Appends files (directories add their audio files) and plays the one at `offset`
    /// among them, in one step of the actor: no other edit comes between the append and the
    /// play, so the item played is this request's, whatever other clients append meanwhile.
    /// Returns once its stream is open, as `queue.playIndex` does, with the queue's count
    /// just after the append (so the caller knows the index it played).
    /// - Throws: `badParam` for an `offset` outside the items appended (nothing is appended).
    nonisolated func appendAndPlay(_ items: [String], startingAt offset: Int) async throws(PlayerCommandError) -> Int {
        let paths = try await MediaPaths.expanded(items)
        return try await appendAndPlay(expanded: paths, startingAt: offset)
    }

    private func appendAndPlay(expanded paths: [String], startingAt offset: Int) async throws(PlayerCommandError) -> Int {
        guard paths.indices.contains(offset) else {
            throw PlayerCommandError(.badParam, "startIndex \(offset) is not among the \(paths.count) items appended")
        }
        let first = player.queue.count
        _ = apply(player.append(paths, at: now()))
        describeAhead(paths)
        // The count this request made: others may append while its stream opens.
        let count = player.queue.count
        try await playIndexWaitingForStream(first + offset)
        return count
    }

    /// Replaces the queue with `items`, starting at `startIndex` (the first when `nil`), and
    /// plays when `play`.
    nonisolated func replace(_ items: [String], startIndex: Int? = nil, play: Bool = false) async throws(PlayerCommandError) -> Int {
        let paths = try await MediaPaths.expanded(items)
        if play { await connectOutput() }
        return try await replace(expanded: paths, startIndex: startIndex, play: play)
    }

    private func replace(expanded paths: [String], startIndex: Int?, play: Bool) throws(PlayerCommandError) -> Int {
        var trial = player
        let effects: [PlayerEffect]
        do {
            effects = try trial.replace(with: paths, startIndex: startIndex, play: play, at: now())
        } catch {
            throw Self.commandError(error)
        }
        try commit(trial)
        listening.container = nil
        _ = apply(effects)
        describeAhead(paths)
        return player.queue.count
    }

    /// How many newly queued files the loader describes at once; later ones are described
    /// when a page of the queue first shows them.
    static let describedAhead = 1_000

    /// Asks the loader to describe newly queued files, so that an edit answered once
    /// written (``written()`` waits for the loader) is listed with its titles.
    private func describeAhead(_ paths: [String]) {
        for path in paths.prefix(Self.describedAhead) { _ = description(of: path) }
        returnFreePages(afterAnEditOf: paths.count)
    }

    /// How many entries an edit adds or removes for the heap's free pages to be handed back
    /// once it is written.
    static let editThatReturnsFreePages = 1_000

    /// Hands the heap's free pages back once an edit of `count` entries is on disk: saving
    /// a long queue builds and frees tables of its entries (some 10 MB for 100,000), which
    /// glibc would keep resident. Smaller edits leave the heap alone.
    private func returnFreePages(afterAnEditOf count: Int) {
        guard count >= Self.editThatReturnsFreePages else { return }
        let persistence = persistence
        Task.detached {
            await persistence?.written()
            ProcessHeap.returnFreePages()
        }
    }

    /// Removes one entry.
    func remove(at index: Int) throws(PlayerCommandError) {
        do { _ = apply(try player.remove(at: index, at: now())) } catch { throw Self.commandError(error) }
    }

    /// Moves one entry.
    func move(from source: Int, to destination: Int) throws(PlayerCommandError) {
        do { _ = apply(try player.move(from: source, to: destination, at: now())) } catch { throw Self.commandError(error) }
    }

    /// Empties the queue.
    func clear() {
        let count = player.queue.count
        _ = apply(player.clear(at: now()))
        returnFreePages(afterAnEditOf: count)
    }

    /// Plays the entry at `index`.
    func playIndex(_ index: Int) throws(PlayerCommandError) {
        var trial = player
        let effects: [PlayerEffect]
        do { effects = try trial.playIndex(index, at: now()) } catch { throw Self.commandError(error) }
        try commit(trial)
        _ = apply(effects)
        if player.state != .playing, !isPulseConnected {
            throw PlayerCommandError(.pulseUnavailable, "no PulseAudio server answers; start one (pulseaudio --start) or set PULSE_SERVER")
        }
    }

    /// The domain error that tells a client why a queue edit was refused.
    static func commandError(_ error: PlaybackError) -> PlayerCommandError {
        switch error {
        case .indexOutOfRange(let index, let count):
            PlayerCommandError(.indexOutOfRange, "queue index \(index) does not exist; the queue has \(count) items (0-based)")
        }
    }
}
