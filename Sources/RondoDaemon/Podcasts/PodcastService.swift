import Feeds
import Foundation
import Library
import Logging
import RondoProtocol
import Streams
import Synchronization
import ThreadJobs

/// The `podcast.*` methods and the refresher (SPEC §12): subscriptions kept in the library's
/// database, feeds fetched with conditional GETs on threads of their own, several at once,
/// and refreshed on a jittered schedule while the daemon runs.
///
/// Ownership: the store is the only state that lasts; this object holds the settings and
/// which shows a refresh is fetching now (under a mutex), so one show is never fetched twice
/// at once. Nothing here runs on the request loop or the player's actor.
final class PodcastService: Sendable {
    /// The most feeds fetched at once.
    static let fetchWidth = 8
    /// The most bytes of one feed read (decompressed): a 10,000-item feed is a few MiB.
    static let maximumFeedBytes = 64 << 20
    /// The most bytes of an OPML file read.
    static let maximumOPMLBytes = 4 << 20

    private let store: LibraryStore?
    private let options: HTTPOptions
    private let settings: PodcastSettings
    private let hub: EventHub
    private let logger: Logger
    private let now: @Sendable () -> Double
    private let fetching = Mutex<Set<String>>([])
    /// The episodes downloaded ahead, `nil` without a store.
    private let downloads: EpisodeDownloads?
    /// Told which known episodes a fetch changed in the store, and awaited before the fetch
    /// answers, so that what the player holds of them follows the store at once.
    private let revisionListener = Mutex<(@Sendable ([String]) async -> Void)?>(nil)
    /// Where the enclosures a fetch moved are now, for an episode playing from the old address.
    private let moves: AddressMoves?
    /// Whether a video episode's sound plays, asked before it is kept.
    private let soundCheck: EpisodeSoundCheck

    /// A service over `store` fetching with `network`'s timeouts and user agent, keeping
    /// downloads in `downloadDirectory`, and recording in `moves` the enclosures a fetch moved.
    init(
        store: LibraryStore?, network: NetworkSettings, settings: PodcastSettings, downloadDirectory: String, hub: EventHub,
        logger: Logger, moves: AddressMoves? = nil, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.store = store
        self.moves = moves
        let options = network.documentOptions
        self.options = options
        soundCheck = EpisodeSoundCheck(options: options)
        downloads = store.map {
            EpisodeDownloads(store: $0, directory: downloadDirectory, settings: settings, options: options, logger: logger)
        }
        self.settings = settings
        self.hub = hub
        self.logger = logger
        self.now = now
    }

    /// Tells `listener` the identifiers of the known episodes each subscription, refresh or
    /// import changed (an enclosure moved, a title corrected), before that call answers.
    func whenEpisodesRevised(_ listener: @escaping @Sendable ([String]) async -> Void) {
        revisionListener.withLock { $0 = listener }
    }

    // MARK: Methods

    /// `podcast.subscribe`: fetches the feed and keeps the show and its episodes; the same
    /// URL again refreshes the show it already is.
    func subscribe(_ params: PodcastSubscribeParams) async throws(RPCError) -> PodcastSubscribeResult {
        let store = try podcastStore()
        let url = try Self.checkedFeedURL(params.url)
        let outcome = await ThreadFanOut.map([url], width: 1, name: "rondo-podcasts") { url in
            Result { () throws(RPCError) in try self.subscribeNow(url, store: store) }
        }
        let update = try outcome[0].get()
        await announceRevisions(update.revisedEpisodes)
        hub.publish(.library(LibraryScanResult(added: update.newEpisodes, updated: 1, removed: 0, problems: 0)))
        logger.info("subscribed to \(update.show.title) (\(update.show.url)): \(update.show.episodes) episodes")
        updateDownloads()
        return PodcastSubscribeResult(show: update.show.identifier, title: update.show.title, episodes: update.show.episodes)
    }

    /// `podcast.unsubscribe`: forgets the show and its episodes.
    func unsubscribe(_ params: PodcastShowParams) throws(RPCError) -> Empty {
        let store = try podcastStore()
        guard let show = params.show else { throw RPCError(.badParam, "which show? give its identifier (rondo podcast list)") }
        let removed = try LibraryService.querying { () throws(StoreError) in try store.unsubscribePodcast(show) }
        guard removed else { throw Self.noSuchShow(show) }
        hub.publish(.library(LibraryScanResult(added: 0, updated: 0, removed: 1, problems: 0)))
        updateDownloads()
        return Empty()
    }

    /// `podcast.list`: every subscribed show, by title.
    func list() throws(RPCError) -> [PodcastShow] {
        let store = try podcastStore()
        return try LibraryService.querying { () throws(StoreError) in try store.podcastShows() }.map(PodcastShow.init)
    }

    /// `podcast.refresh`: fetches one show's feed, or every show's, now.
    func refresh(_ params: PodcastShowParams) async throws(RPCError) -> PodcastRefreshResult {
        let store = try podcastStore()
        let shows: [PodcastShowRecord]
        if let identifier = params.show {
            guard let show = try LibraryService.querying({ () throws(StoreError) in try store.podcastShow(identifier) }) else {
                throw Self.noSuchShow(identifier)
            }
            shows = [show]
        } else {
            shows = try LibraryService.querying { () throws(StoreError) in try store.podcastShows() }
        }
        return await refresh(shows, store: store)
    }

    /// `podcast.markPlayed`.
    func markPlayed(_ params: PodcastMarkPlayedParams) throws(RPCError) -> Empty {
        let store = try podcastStore()
        let found = try LibraryService.querying { () throws(StoreError) in
            try store.setEpisodePlayed(params.identifier, played: params.played)
        }
        guard found else { throw RPCError(.notFound, "no episode \(params.identifier)") }
        hub.publish(.library(LibraryScanResult(added: 0, updated: 1, removed: 0, problems: 0)))
        updateDownloads()
        return Empty()
    }

    /// `podcast.importOPML`: subscribes to every feed the file lists, several at once; a
    /// feed that fails is named with why, and the others are kept.
    func importOPML(_ params: PodcastImportParams) async throws(RPCError) -> PodcastImportResult {
        let store = try podcastStore()
        let read = await ThreadFanOut.map([params.path], width: 1, name: "rondo-podcasts") { path in
            Result { () throws(RPCError) in try Self.readOPML(path) }
        }
        let entries = try read[0].get()
        let outcomes = await ThreadFanOut.map(entries, width: Self.fetchWidth, name: "rondo-podcasts") { entry in
            (entry.url, Result { () throws(RPCError) in try self.subscribeNow(entry.url, store: store) })
        }
        var subscribed = 0
        var failed: [PodcastImportFailure] = []
        var revised: [String] = []
        for (url, outcome) in outcomes {
            switch outcome {
            case .success(let update):
                subscribed += 1
                revised += update.revisedEpisodes
            case .failure(let error): failed.append(PodcastImportFailure(url: url, reason: error.message))
            }
        }
        await announceRevisions(revised)
        if subscribed > 0 {
            hub.publish(.library(LibraryScanResult(added: subscribed, updated: 0, removed: 0, problems: 0)))
        }
        logger.info("imported \(params.path): \(subscribed) subscribed, \(failed.count) failed")
        updateDownloads()
        return PodcastImportResult(subscribed: subscribed, failed: failed)
    }

    /// `podcast.exportOPML`.
    func exportOPML() throws(RPCError) -> PodcastExportResult {
        let shows = try list()
        return PodcastExportResult(
            opml: OPML.document(shows.map { OPML.Entry(url: $0.url, title: $0.title) }, title: "Rondo podcast subscriptions"))
    }

    /// Told when an episode was marked played elsewhere (heard to its end): the downloads
    /// ahead move on.
    func episodesChanged() {
        updateDownloads()
    }

    // MARK: The schedule

    /// Refreshes the shows not fetched for `refresh_every` and starts bringing the downloads
    /// up to date (in the background: a long download holds up no refresh), then waits a jittered interval and does so again, until cancelled. The first
    /// look comes a minute after the start, so a daemon that starts with the desktop does not
    /// compete with it for the network.
    func runSchedule() async {
        var wait = 60.0
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .seconds(wait))
            } catch {
                return
            }
            await refreshDueShows()
            updateDownloads()
            wait = settings.refreshEvery * Double.random(in: 0.9...1.1)
        }
    }

    /// Refreshes every show whose last refresh is older than `refresh_every`.
    func refreshDueShows() async {
        guard let store else { return }
        let due: [PodcastShowRecord]
        do {
            let cutoff = now() - settings.refreshEvery * 0.9
            due = try store.podcastShows().filter { ($0.lastRefresh ?? 0) <= cutoff }
        } catch {
            logger.warning("podcasts not refreshed: \(error)")
            return
        }
        guard !due.isEmpty else { return }
        let result = await refresh(due, store: store)
        logger.info("refreshed \(result.shows) podcasts: \(result.newEpisodes) new episodes")
    }

    // MARK: Fetching (on the fan-out's threads)

    /// Fetches `shows` several at once; records each one's outcome on it and tells
    /// subscribers which gained episodes.
    private func refresh(_ shows: [PodcastShowRecord], store: LibraryStore) async -> PodcastRefreshResult {
        let claimed = fetching.withLock { busy in
            let free = shows.filter { !busy.contains($0.identifier) }
            busy.formUnion(free.map(\.identifier))
            return free
        }
        let outcomes = await ThreadFanOut.map(claimed, width: Self.fetchWidth, name: "rondo-podcasts") { show in
            self.refreshNow(show, store: store)
        }
        fetching.withLock { $0.subtract(claimed.map(\.identifier)) }
        await announceRevisions(outcomes.flatMap(\.revised))
        var newEpisodes = 0
        for (show, added) in zip(claimed, outcomes.map(\.added)) where added > 0 {
            newEpisodes += added
            hub.publish(.podcastRefreshed(PodcastRefreshed(show: show.identifier, newEpisodes: added)))
        }
        if newEpisodes > 0 {
            hub.publish(.library(LibraryScanResult(added: newEpisodes, updated: 0, removed: 0, problems: 0)))
            updateDownloads()
        }
        return PodcastRefreshResult(shows: claimed.count, newEpisodes: newEpisodes)
    }

    /// Tells the listener which known episodes changed, when any did.
    private func announceRevisions(_ identifiers: [String]) async {
        guard !identifiers.isEmpty, let listener = revisionListener.withLock({ $0 }) else { return }
        logger.info("\(identifiers.count) known podcast episodes changed in their feeds")
        await listener(identifiers)
    }

    /// One show's conditional fetch: a 304 is recorded as a refresh, a new version is kept
    /// (at its new address after a permanent redirect), a failure is kept on the show.
    /// - Returns: how many episodes were new, and which known ones changed.
    private func refreshNow(_ show: PodcastShowRecord, store: LibraryStore) -> (added: Int, revised: [String]) {
        let validators = DocumentFetcher.Validators(etag: show.etag, lastModified: show.lastModified)
        do {
            guard let fetched = try fetchFeed(show.url, validators: validators, show: show.identifier) else {
                try store.recordPodcastRefresh(show: show.identifier, error: nil, at: now())
                return (0, [])
            }
            // Kept by identifier: a show unsubscribed while its feed was on the way stays gone.
            guard
                let update = try store.refreshPodcast(
                    show.identifier, url: fetched.movedTo ?? show.url, feed: fetched.feed, etag: fetched.validators.etag,
                    lastModified: fetched.validators.lastModified, at: now())
            else { return (0, []) }
            if let moved = fetched.movedTo { logger.notice("podcast \(show.title) moved for good to \(moved)") }
            recordMoves(of: update)
            return (update.newEpisodes, update.revisedEpisodes)
        } catch {
            let reason = Self.reason(error)
            logger.warning("podcast \(show.title) (\(show.url)) not refreshed: \(reason)")
            try? store.recordPodcastRefresh(show: show.identifier, error: reason, at: now())
            return (0, [])
        }
    }

    /// Records where the enclosures `update` moved are now.
    private func recordMoves(of update: PodcastUpdate) {
        for (old, new) in update.movedEnclosures { moves?.record(from: old, to: new) }
    }

    /// Fetches and keeps the feed at `url` as a subscription.
    private func subscribeNow(_ url: String, store: LibraryStore) throws(RPCError) -> PodcastUpdate {
        do {
            guard let fetched = try fetchFeed(url, validators: nil, show: nil) else {
                throw RPCError(.unreachable, "\(url) answered 304 Not Modified to a plain request")
            }
            let update = try store.keepPodcast(
                url: fetched.movedTo ?? url, previousURL: url, feed: fetched.feed, etag: fetched.validators.etag,
                lastModified: fetched.validators.lastModified, at: now())
            recordMoves(of: update)
            return update
        } catch let error as RPCError {
            throw error
        } catch let error as FeedError {
            throw RPCError(.decodeFailed, "\(url): \(error)")
        } catch let error as StoreError {
            throw RPCError(BrowseError.store(error))
        } catch {
            throw RPCError(.unreachable, "\(url): \(Self.reason(error))")
        }
    }

    /// What a fetch of a feed brought: the feed read as it arrived, and what came with it.
    private struct FetchedFeed {
        var feed: Feed
        var validators: DocumentFetcher.Validators
        var movedTo: String?
    }

    /// The feed at `url` parsed as its bytes arrive, in the charset its server names; `nil`
    /// when the server said it has not changed since `validators`. Its videos are kept only
    /// when their sound plays (those of `show`'s episodes already kept are not asked again).
    private func fetchFeed(_ url: String, validators: DocumentFetcher.Validators?, show: String?) throws -> FetchedFeed? {
        var parser = FeedParser(url: url)
        var refusal: FeedError?
        let outcome: DocumentFetcher.Outcome
        do {
            outcome = try DocumentFetcher.fetch(
                url, validators: validators, options: options, maximumBytes: Self.maximumFeedBytes,
                answered: { parser = FeedParser(url: url, charset: $0.charset) }
            ) { piece in
                do throws(FeedError) {
                    try parser.append(piece)
                } catch {
                    refusal = error
                    throw error
                }
            }
        } catch {
            if let refusal { throw refusal }
            throw error
        }
        guard case .fetched(let fetched) = outcome else { return nil }
        var feed = try parser.finish()
        if feed.episodes.contains(where: \.isVideo) {
            let known = try show.flatMap { show in try store?.podcastEpisodeURLs(show: show) } ?? []
            feed = soundCheck.checked(feed, known: known)
        }
        if !feed.skipped.isEmpty {
            let reasons = feed.skipped.prefix(3).map { "\($0.title ?? "an untitled item"): \($0.reason)" }
            logger.notice("\(url): \(feed.skipped.count) items left out (\(reasons.joined(separator: "; ")))")
        }
        return FetchedFeed(feed: feed, validators: fetched.validators, movedTo: fetched.movedTo)
    }

    // MARK: Helpers

    /// Starts bringing the downloads up to date; the episodes whose copy came or went are
    /// then announced as revised, for where their audio is.
    private func updateDownloads() {
        guard let downloads else { return }
        Task.detached { [self] in await announceRevisions(await downloads.update()) }
    }

    private func podcastStore() throws(RPCError) -> LibraryStore {
        guard let store else {
            throw RPCError(.notFound, "the library database could not be opened (see rondod's log); podcasts are kept there")
        }
        return store
    }
}
