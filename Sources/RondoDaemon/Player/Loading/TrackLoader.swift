import Audio
import Foundation
import Library
import Logging
import Playback
import Synchronization
import TagReading
import ThreadJobs

/// Does the player's slow work off its actor: reads what the player shows of a file (its
/// library row or its tags, caching a cover), and opens a track's decoder, seeks it and
/// hands it to the engine. Results come back as ``notices``, in order, each with the ticket
/// of the request it answers; the player's actor only decides what to ask and applies what
/// comes back, so a file (or, next, a stream) that takes seconds to open holds up no
/// request.
///
/// Ownership: threads of its own (``SerialThread``), each the only one doing its part.
/// `rondo-loader` reads the library and the tags, in the order asked for; a load or
/// pre-roll is described there first (its ReplayGain is needed before sound) and then
/// handed, in the same order, to `rondo-open`, which opens the track and hands it to the
/// engine. So a track slow to open holds up no description, and ``caughtUp()`` waits for
/// descriptions only; and as neither is a shared pool's thread, a blocked open starves no
/// one else. What the player wants of the load in flight (``LoadIntent``) is guarded by
/// `intent`'s lock, which `rondo-open` holds while it hands a track to the engine: a pause,
/// seek or stop decided while the file opens either changes that load or comes after it,
/// never in between.
final class TrackLoader: Sendable {
    /// Opens a track and seeks it; ``OpenedTrack/open(_:at:)`` outside tests.
    typealias Opener = @Sendable (TrackSource, Double) throws(AudioError) -> OpenedTrack

    /// What was found and done, in order (``LoaderNotice``).
    let notices: AsyncStream<LoaderNotice>
    private let tell: AsyncStream<LoaderNotice>.Continuation
    private let queue = SerialThread(name: "rondo-loader")
    private let opening = SerialThread(name: "rondo-open")
    /// Reads remote files' tags, which may wait on a slow server for a timeout: a lane of
    /// its own, so no load or description waits behind them.
    private let remoteTags = SerialThread(name: "rondo-tags")
    private let intent = Mutex(LoadIntent())
    /// The newest pre-roll asked for; a pre-roll with another ticket is stale. Apart from
    /// `intent` so that asking for one never waits for a track being handed to the engine.
    private let newestPreRoll = Atomic(0)
    private let engine: any PlaybackControl
    private let open: Opener
    private let library: LibraryStore?
    private let tagReader = AudioTagReader()
    private let artwork: ArtworkCache
    private let bytes: ByteSourceOpener
    /// Reads a podcast episode's chapters document (`podcast:chapters`) from its URL.
    private let episodeChapters: @Sendable (String) -> [Chapter]
    /// The chapters documents read lately, by URL.
    private let chaptersDocuments = Mutex(RecentChapters())
    private let logger: Logger

    /// A load or pre-roll the player asks for. One without a ``description`` is described
    /// first, whatever becomes of the load, and ``caughtUp()`` waits for that.
    struct Request: Sendable {
        /// The queue entry it is for.
        var entryID: UInt64
        /// The entry's file.
        var path: String
        /// What the player already knows of the file; `nil`: the loader reads it first.
        var description: TrackDescription?
        /// The linear gain of the track's ReplayGain under the settings in force.
        var gain: @Sendable (ReplayGainValues) -> Float
    }

    /// A loader handing tracks to `engine`, reading `library`, tags (a remote file's
    /// through `bytes`), episodes' chapters documents with `episodeChapters`, and caching
    /// covers in `artwork`.
    init(
        engine: any PlaybackControl, library: LibraryStore?, artwork: ArtworkCache, bytes: @escaping ByteSourceOpener,
        episodeChapters: @escaping @Sendable (String) -> [Chapter] = { _ in [] }, logger: Logger, open: @escaping Opener
    ) {
        self.episodeChapters = episodeChapters
        (notices, tell) = AsyncStream.makeStream()
        self.engine = engine
        self.library = library
        self.artwork = artwork
        self.bytes = bytes
        self.logger = logger
        self.open = open
    }

    /// Reads what the player shows of the file at `path`; ``LoaderNotice/described(path:_:)`` follows.
    func describe(_ path: String) {
        queue.async {
            guard !self.isClosed else { return }
            _ = self.described(path)
        }
    }

    /// Opens `request`'s track at `position` seconds and hands it to the engine, playing or
    /// paused as the player then wants (``adjustPending(_:)``); replaces any load not yet
    /// handed over. ``LoaderNotice/loaded(ticket:entryID:)`` or a failure follows.
    /// - Parameter fadingUntil: when what the engine plays has faded out (a skip that does
    ///   not cut): the engine is stopped and given the track no earlier; `nil` when the
    ///   engine has nothing to give up.
    /// - Returns: the load's ticket.
    func load(_ request: Request, position: Double, playing: Bool, fadingUntil: ContinuousClock.Instant? = nil) -> Int {
        let ticket = intent.withLock { intent in
            intent.ticket += 1
            intent.pending = true
            intent.playing = playing
            intent.position = position
            return intent.ticket
        }
        queue.async {
            guard !self.isClosed else { return }
            let description = request.description.map { self.withChapters($0, of: request.path) } ?? self.describedToPlay(request.path)
            self.opening.async {
                self.perform(request, description, ticket: ticket, position: position, fadingUntil: fadingUntil)
            }
        }
        return ticket
    }

    /// Opens `request`'s track from its start and pre-rolls it on the engine after the
    /// loads asked for before it (`nil`: nothing follows).
    /// - Returns: the pre-roll's ticket.
    func prepareNext(_ request: Request?) -> Int {
        let ticket = dropPreRolls()
        queue.async {
            guard !self.isClosed else { return }
            let description = request.map { request in
                request.description.map { self.withChapters($0, of: request.path) } ?? self.describedToPlay(request.path)
            }
            self.opening.async { self.prepare(request, description, ticket: ticket) }
        }
        return ticket
    }

    /// Changes the load in flight, if one has yet to reach the engine.
    /// - Returns: whether one had, and was changed.
    func adjustPending(_ change: (inout LoadIntent) -> Void) -> Bool {
        intent.withLock { intent in
            guard intent.pending else { return false }
            change(&intent)
            return true
        }
    }

    /// Drops every load and pre-roll in flight: none of them reaches the engine.
    func cancel() {
        intent.withLock { intent in
            intent.ticket += 1
            intent.pending = false
        }
        dropPreRolls()
    }

    /// Waits until the files asked about so far are described and the player has handled
    /// what came back (not for tracks still opening: their results follow as they come);
    /// at once once the loader is closed.
    func caughtUp() async {
        await withCheckedContinuation { waiter in
            if !queue.async({ self.report(waiter) }) { waiter.resume() }
        }
    }

    /// Waits as ``caughtUp()`` does, and also until every load and pre-roll asked for so far
    /// is done and told.
    func settled() async {
        await withCheckedContinuation { waiter in
            let handed = queue.async {
                if !self.opening.async({ self.report(waiter) }) { waiter.resume() }
            }
            if !handed { waiter.resume() }
        }
    }

    /// Stops for good: nothing reaches the engine from now on, and the notices end. The
    /// descriptions, loads and pre-rolls still waiting are dropped, and it returns once the
    /// one in hand is done: the library is read on `rondo-loader` alone, so the database may
    /// close after it.
    func close() {
        intent.withLock { $0.closed = true }
        remoteTags.stop()
        queue.async {
            self.opening.async { self.tell.finish() }
            self.opening.stop()
        }
        queue.stop()
        queue.waitUntilStopped()
    }

    /// Whether ``close()`` was called: the jobs still waiting then do nothing.
    private var isClosed: Bool { intent.withLock { $0.closed } }

    // MARK: On the loader's threads

    private func report(_ waiter: CheckedContinuation<Void, Never>) {
        if case .terminated = tell.yield(.caughtUp(waiter)) { waiter.resume() }
    }

    /// A description the player already had (a library row's) with the file's chapter
    /// marks, which only the file holds; told when there are some. A podcast episode's come
    /// from its feed's chapters document (read on `rondo-tags`, told when it comes), else
    /// from its downloaded copy. A file the scan found no marks in is not opened again, nor
    /// one described by its tags (``TrackDescription/read(_:library:tags:artwork:logger:)``
    /// read its marks then).
    private func withChapters(_ description: TrackDescription, of path: String) -> TrackDescription {
        guard description.metadata.chapters.isEmpty, !MediaPaths.isStreamURL(path) else { return description }
        if let episode = description.libraryTrack?.episode {
            if let url = episode.chaptersURL {
                _ = remoteTags.async { self.findEpisodeChapters(from: url, of: path) }
                return description
            }
            let location = description.location(of: path)
            guard !MediaPaths.isStreamURL(location) else { return description }
            return withFileChapters(description, of: path, reading: location)
        }
        guard let track = description.libraryTrack, track.chapterCount > 0 else { return description }
        return withFileChapters(description, of: path, reading: path)
    }

    /// `description` with the chapter marks of the file at `file`; told when there are some.
    private func withFileChapters(_ description: TrackDescription, of path: String, reading file: String) -> TrackDescription {
        let chapters = ChapterReader.chapters(at: file)
        guard !chapters.isEmpty else { return description }
        var found = description
        found.metadata.chapters = chapters
        tell.yield(.described(path: path, found))
        return found
    }

    /// Tells the chapters of the document at `url` for the episode at `path`, when it lists some.
    /// A document read before is not fetched again (one that listed none neither).
    private func findEpisodeChapters(from url: String, of path: String) {
        let chapters = chaptersDocuments.withLock { $0.chapters(of: url) } ?? episodeChapters(url)
        chaptersDocuments.withLock { $0.keep(chapters, of: url) }
        guard !chapters.isEmpty else { return }
        tell.yield(.chaptersFound(path: path, chapters))
    }

    /// Tells what the player shows of `path`. An episode's chapters are not looked for
    /// here: a queue of hundreds of episodes is described, and only the one that plays
    /// needs them (``describedToPlay(_:)``).
    private func described(_ path: String) -> TrackDescription {
        let description = TrackDescription.read(path, library: library, tags: tagReader, artwork: artwork, logger: logger)
        tell.yield(.described(path: path, description))
        return description
    }

    /// Describes `path` for a load or pre-roll: with an episode's chapters too.
    private func describedToPlay(_ path: String) -> TrackDescription {
        let description = described(path)
        return description.libraryTrack?.episode == nil ? description : withChapters(description, of: path)
    }

    /// Describes `path` again when opening it found what only opening tells of a stream:
    /// whether it is live, and how long it is. A remote file's tags are then read on
    /// `rondo-tags`, while it already plays (``describeRemoteFile(_:knowing:)``).
    private func tellWhatOpeningFound(_ track: OpenedTrack?, _ path: String, _ description: TrackDescription) {
        guard let track else { return }
        var found = description
        found.metadata.isLiveStream = track.isLiveStream
        if track.isLiveStream {
            found.metadata.duration = nil
        } else if found.metadata.duration == nil {
            found.metadata.duration = track.duration
        }
        if !track.isLiveStream, description.libraryTrack == nil, MediaPaths.isStreamURL(path) {
            _ = remoteTags.async { [found] in self.describeRemoteFile(path, knowing: found) }
        }
        guard found.metadata != description.metadata else { return }
        tell.yield(.described(path: path, found))
    }

    /// Describes the remote file at `url` by its tags, keeping what opening it found (its
    /// length) and the gain it plays at: ``LoaderNotice/described(path:_:)`` follows when
    /// its tags could be read.
    private func describeRemoteFile(_ url: String, knowing known: TrackDescription) {
        guard
            var tagged = TrackDescription.readRemoteFile(url, tags: tagReader, bytes: bytes, artwork: artwork, logger: logger)
        else { return }
        tagged.metadata.duration = tagged.metadata.duration ?? known.metadata.duration
        tagged.replayGain = known.replayGain
        tell.yield(.described(path: url, tagged))
    }

    /// Makes every pre-roll asked for so far stale.
    /// - Returns: the ticket of the next one.
    @discardableResult
    private func dropPreRolls() -> Int {
        newestPreRoll.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
    }

    private func isNewestPreRoll(_ ticket: Int) -> Bool {
        newestPreRoll.load(ordering: .sequentiallyConsistent) == ticket
    }

    private func isCurrent(_ ticket: Int) -> Bool {
        intent.withLock { $0.ticket == ticket && $0.pending && !$0.closed }
    }

    /// Opens the track unless a newer load came, and hands it to the engine once what it
    /// replaces has faded out (`fadingUntil`), stopping the engine first. A load that fails
    /// stops the engine too, and drops the pre-roll asked for after it: the player decides
    /// what follows again.
    private func perform(
        _ request: Request, _ description: TrackDescription, ticket: Int, position: Double, fadingUntil: ContinuousClock.Instant?
    ) {
        guard isCurrent(ticket) else { return }
        let source = TrackSource(id: request.entryID, path: description.location(of: request.path), gain: request.gain(description.replayGain))
        let opened: OpenedTrack
        do throws(AudioError) {
            opened = try open(source, position)
            tellWhatOpeningFound(opened, request.path, description)
        } catch {
            if let fadingUntil { Self.wait(until: fadingUntil) }
            let failed = intent.withLock { intent in
                guard intent.ticket == ticket, intent.pending, !intent.closed else { return false }
                intent.pending = false
                if fadingUntil != nil { engine.stop() }
                dropPreRolls()
                return true
            }
            if failed { tell.yield(.loadFailed(ticket: ticket, entryID: request.entryID, error)) }
            return
        }
        if let fadingUntil { Self.wait(until: fadingUntil) }
        let outcome: LoaderNotice? = intent.withLock { intent in
            guard intent.ticket == ticket, intent.pending, !intent.closed else { return nil }
            intent.pending = false
            if fadingUntil != nil { engine.stop() }
            do throws(AudioError) {
                let track = intent.position == position ? opened : try opened.repositioned(at: intent.position)
                try engine.load(track, playing: intent.playing)
                return .loaded(ticket: ticket, entryID: request.entryID)
            } catch .pulseUnavailable(let reason) {
                dropPreRolls()
                return .outputMissing(ticket: ticket, reason: reason)
            } catch {
                dropPreRolls()
                return .loadFailed(ticket: ticket, entryID: request.entryID, error)
            }
        }
        if let outcome { tell.yield(outcome) }
    }

    /// Blocks the opening thread until `instant`: a fade-out, at most `fade_ms`.
    private static func wait(until instant: ContinuousClock.Instant) {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return }
        let (seconds, attoseconds) = left.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }

    private func prepare(_ request: Request?, _ description: TrackDescription?, ticket: Int) {
        var track: OpenedTrack?
        if let request, let description {
            guard isNewestPreRoll(ticket) else { return }
            let source = TrackSource(
                id: request.entryID, path: description.location(of: request.path), gain: request.gain(description.replayGain))
            do throws(AudioError) {
                track = try open(source, 0)
                tellWhatOpeningFound(track, request.path, description)
            } catch {
                if isNewestPreRoll(ticket) {
                    tell.yield(.prepareFailed(ticket: ticket, entryID: request.entryID, reason: "\(error)"))
                }
                return
            }
        }
        intent.withLock { intent in
            guard isNewestPreRoll(ticket), !intent.closed else { return }
            engine.prepareNext(track)
        }
    }
}

/// The chapters of the documents read lately, by URL, the oldest forgotten first: a track
/// pre-rolled, then loaded, then played again reads its feed's document once.
struct RecentChapters {
    /// The most documents remembered.
    static let capacity = 32
    private var byURL: [String: [Chapter]] = [:]
    private var order: [String] = []

    /// What the document at `url` listed, if it was read lately.
    func chapters(of url: String) -> [Chapter]? { byURL[url] }

    /// Remembers what the document at `url` listed.
    mutating func keep(_ chapters: [Chapter], of url: String) {
        if byURL.updateValue(chapters, forKey: url) == nil { order.append(url) }
        if order.count > Self.capacity { byURL[order.removeFirst()] = nil }
    }
}
