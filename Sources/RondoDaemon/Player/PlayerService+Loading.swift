import Audio
import Library
import Logging
import Playback
import ThreadJobs

/// The player and its loader: what the actor asks of the ``TrackLoader`` (descriptions of
/// files, loads, pre-rolls) and what it does with the answers. Nothing here reads a file or
/// the library; what is not known yet is asked for and shown once it comes.
extension PlayerService {
    /// What the player shows of `entry`: its description when the loader has read it, else
    /// what its location alone tells (the description is then asked for, and a
    /// `nowPlaying.changed` follows it for the current entry).
    func metadata(for entry: QueueEntry) -> TrackMetadata {
        description(of: entry.location)?.metadata ?? TrackDescription.placeholder(entry.location)
    }

    /// Asks the loader for what is not known yet of `locations`; each description is kept
    /// as it comes.
    func describe(_ locations: [String]) {
        for location in locations { _ = description(of: location) }
    }

    /// The library's row for the file at `path`, as the loader read it; `nil` when the file
    /// is not in the library or not described yet (it is then asked for).
    func libraryTrack(at path: String) -> CatalogTrack? {
        description(of: path)?.libraryTrack
    }

    /// Reads again what the loader knows of the episodes a feed changed (their audio's
    /// address, title, description), so the queue, now playing and the next load follow the
    /// store. The entry that follows, when it is one of them, is prepared again from the store,
    /// as its pre-roll may have opened the old address; the one playing plays on.
    func episodesRevised(_ identifiers: [String]) {
        let next = player.isLoaded ? player.prerolledNext : nil
        var reread = false
        for identifier in identifiers where descriptions.isKnownOrAsked(identifier) {
            // The pre-roll reads the next entry again, and tells what it read.
            let rereadByPreroll = identifier == next?.location
            descriptions.redescribe(identifier, forgetting: rereadByPreroll)
            if rereadByPreroll { reread = true } else { loader.describe(identifier) }
        }
        if reread, let next { loads.pendingPrepare = loader.prepareNext(loadRequest(for: next)) }
    }

    /// The locations whose descriptions the cache keeps whatever else it lets go: the
    /// current entry's and the one that follows it.
    var locationsInUse: Set<String> {
        Set([player.queue.current?.location, player.automaticNext?.location].compactMap { $0 })
    }

    /// The description of the file at `path`, asking the loader for it when unknown.
    func description(of path: String) -> TrackDescription? {
        if let known = descriptions[path] { return known }
        if descriptions.request(path) { loader.describe(path) }
        return nil
    }

    /// What the loader needs to open `entry`: its file, what is known of it, and the rule
    /// that turns its ReplayGain into a gain under the settings in force. A file not known
    /// yet is described by the load itself.
    func loadRequest(for entry: QueueEntry) -> TrackLoader.Request {
        if descriptions[entry.location] == nil { descriptions.redescribe(entry.location) }
        let settings = replayGain
        let shuffled = player.shuffleMode != .off
        return TrackLoader.Request(
            entryID: entry.id, path: entry.location, description: descriptions[entry.location]
        ) { values in Float(settings.factor(for: values, shuffled: shuffled)) }
    }

    /// Connects the output when it is not connected, on a thread of its own: a server that
    /// accepts but does not answer holds that thread for up to its answer timeout, never the
    /// actor. A request that may start sound calls it before it changes anything, so its
    /// load finds the output connected; a failure is found by the load.
    nonisolated func connectOutput() async {
        guard !engine.isConnected else { return }
        logger.debug("connecting to the output first, off the player")
        let engine = engine
        let connected = await Self.waitingOnTheServer(on: "rondo-output-connect") { () throws(AudioError) in try engine.connect() }
        if case .failure(let error) = connected { logger.debug("no output to connect to: \(error)") }
    }

    /// Runs `step`, which waits on an audio server, on a thread of its own named `thread`:
    /// the actor never waits for a server (``connectOutput()``, ``setOutput(_:)``).
    static func waitingOnTheServer(
        on thread: String, _ step: @escaping @Sendable () throws(AudioError) -> Void
    ) async -> Result<Void, AudioError> {
        await ThreadFanOut.run(name: thread) { () -> Result<Void, AudioError> in
            do throws(AudioError) {
                try step()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Hands `entry` to the loader to open at `position` and play or hold paused, in place
    /// of what the engine plays now, which fades out meanwhile (``fadeOutForLoad()``). The
    /// actor never connects the output (``connectOutput()`` does, before a request hops
    /// here; the audio server's own thread reconnects after a loss): with none connected,
    /// the output is missing now.
    /// - Returns: the player's follow-up when no output is connected; `nil` once handed over.
    func load(_ entry: QueueEntry, position: Double, playing: Bool) -> [PlayerEffect]? {
        guard engine.isConnected else {
            logger.error("no audio output for the track: the audio server is not connected")
            return player.handle(.outputLost, at: now())
        }
        let request = loadRequest(for: entry)
        let wasSpoken = player.currentIsSpokenWord
        _ = player.setMetadata(metadata(for: entry), for: entry.id)
        if player.currentIsSpokenWord != wasSpoken { apply([RemoteEffect.remoteChanged]) }
        loader.cancel()
        settleLoads()
        let fadingUntil = fadeOutForLoad()
        loads.pendingLoad = loader.load(request, position: position, playing: playing, fadingUntil: fadingUntil)
        return nil
    }

    /// Waits, when the load just handed to the loader opens a stream, until the stream
    /// plays or fails: a stream that does not answer is skipped, and the request that
    /// played it is told why.
    /// - Throws: `unreachable` (or the audio layer's error) when the stream cannot be opened.
    func streamOpened() async throws(PlayerCommandError) {
        guard let ticket = loads.pendingLoad, let current = player.queue.current, MediaPaths.isStreamURL(current.location) else {
            return
        }
        let failure = await withCheckedContinuation { loads.wait(for: ticket, $0) }
        if let failure { throw PlayerCommandError(failure) }
    }

    /// Tells everyone waiting for a load that it was replaced or stopped: not a failure.
    func settleLoads() {
        loads.settleAll()
    }

    /// Carries out what the loader found or did; a result for a load or pre-roll asked for
    /// again since is dropped.
    func handle(_ notice: LoaderNotice) {
        switch notice {
        case .described(let path, let found):
            let description = descriptions.take(found, at: path, keeping: locationsInUse)
            guard let current = player.queue.current, current.location == path else { return }
            describeChange(of: current, to: description.metadata)
            if player.state == .playing { sessions.setPlayerMode(spokenAudio: isSpokenWord(current)) }
            adjustRateForCurrentItem()
        case .chaptersFound(let path, let chapters):
            guard let description = descriptions.setChapters(chapters, at: path) else { return }
            guard let current = player.queue.current, current.location == path else { return }
            describeChange(of: current, to: description.metadata)
        case .loaded(let ticket, _):
            loads.settle(ticket, nil)
            guard loads.finish(ticket) else { return }
            fadeInAfterLoad(over: fades.milliseconds)
            observeOutput()
            nowPlayingState()
        case .loadFailed(let ticket, let entryID, let error):
            loads.settle(ticket, error)
            guard loads.finish(ticket) else { return }
            fadeInAfterLoad(over: 0)
            logger.warning("skipping a track that cannot be opened: \(error)")
            apply(player.handle(.failed(entryID), at: now()))
        case .outputMissing(let ticket, let reason):
            loads.settle(ticket, .pulseUnavailable(reason))
            guard loads.finish(ticket) else { return }
            fadeInAfterLoad(over: 0)
            logger.error("no audio output for the track: \(reason)")
            let wasPlaying = player.state == .playing
            apply(player.handle(.outputLost, at: now()))
            if wasPlaying { recovery.outputLost(at: now()) }
        case .prepareFailed(let ticket, let entryID, let reason):
            guard ticket == loads.pendingPrepare else { return }
            logger.warning("skipping a track that cannot be opened: \(reason)")
            apply(player.handle(.failed(entryID), at: now()))
        case .caughtUp(let waiter):
            waiter.resume()
        }
    }
}
