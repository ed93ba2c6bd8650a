import Foundation
import Library
import Logging
import RondoProtocol
import Synchronization

/// The `library.*`, `context.*` and `radio.*` methods: the browse tree over the library
/// store, the content limits in force, search, scans of the music directory, and the radio
/// stations (``LibraryService+Radio.swift``).
///
/// Ownership: the content limits and the running scan are this object's state, each behind
/// a mutex; reads go straight to the store, whose reader connections never wait for a scan's
/// writes (WAL). A scan runs on its own thread (it blocks on file I/O and on the tag-reading
/// threads it starts), one at a time; progress reaches subscribers at most ten times a second.
final class LibraryService: Sendable {
    /// The store, or `nil` when the database could not be opened (every method then says so).
    let store: LibraryStore?
    private let database: LibraryDatabase?
    let tree: BrowseTree?
    private let scanner: LibraryScanner?
    let musicDirectory: String
    private let limits = Mutex(ContentLimits.default)
    private let scanning = Mutex(false)
    private let hub: EventHub
    private let logger: Logger

    /// Creates the service over `database`; nothing is scanned until ``scan(_:)``.
    init(database: LibraryDatabase?, musicDirectory: String, tagReader: any TagReader, hub: EventHub, logger: Logger) {
        let store = database.map(LibraryStore.init(database:))
        self.store = store
        self.database = database
        self.tree = store.map { BrowseTree(catalog: $0, musicDirectory: musicDirectory) }
        self.scanner = store.map { LibraryScanner(store: $0, tagReader: tagReader, musicDirectory: musicDirectory) }
        self.musicDirectory = musicDirectory
        self.hub = hub
        self.logger = logger
    }

    // MARK: Browsing

    /// `library.children`.
    func children(_ params: LibraryChildrenParams) throws(RPCError) -> LibraryChildrenResult {
        let tree = try browseTree()
        guard params.offset ?? 0 >= 0, params.limit ?? 0 >= 0 else {
            throw RPCError(.badParam, "offset and limit must be 0 or more")
        }
        let page = try Self.browsing { () throws(BrowseError) in
            try tree.children(of: params.indexPath, offset: params.offset ?? 0, limit: params.limit, limits: limits.withLock { $0 })
        }
        return LibraryChildrenResult(items: page.items.map(ContentItem.init), total: page.total, limited: page.limited)
    }

    /// `library.item`.
    func item(_ params: IndexPathParams) throws(RPCError) -> ContentItem {
        let tree = try browseTree()
        return ContentItem(try Self.browsing { () throws(BrowseError) in try tree.item(at: params.indexPath, limits: limits.withLock { $0 }) })
    }

    /// `library.count`.
    func count(_ params: IndexPathParams) throws(RPCError) -> LibraryCountResult {
        let tree = try browseTree()
        return LibraryCountResult(
            count: try Self.browsing { () throws(BrowseError) in try tree.count(at: params.indexPath, limits: limits.withLock { $0 }) })
    }

    /// `library.itemForIdentifier`.
    func item(_ params: IdentifierParams) throws(RPCError) -> ContentItem {
        let tree = try browseTree()
        return ContentItem(try Self.browsing { () throws(BrowseError) in try tree.item(forIdentifier: params.identifier) })
    }

    /// What `library.play` queues for an index path, with the identifier of the item's container.
    func playback(at path: [Int]) throws(RPCError) -> (selection: PlaybackSelection, container: String?) {
        let tree = try browseTree()
        let currentLimits = limits.withLock { $0 }
        let selection = try Self.browsing { () throws(BrowseError) in try tree.playback(at: path, limits: currentLimits) }
        let item = try? tree.item(at: path, limits: currentLimits)
        if let item, item.isContainer { return (selection, item.identifier) }
        let parent = Array(path.dropLast())
        return (selection, parent.isEmpty ? nil : try? tree.item(at: parent, limits: currentLimits).identifier)
    }

    /// `queue.set`/`queue.append` items with library identifiers replaced by what they play
    /// (a track by its file, a station by its URL, a container by its playable items); paths
    /// pass through.
    func resolve(_ items: [String]) throws(RPCError) -> [String] {
        var paths: [String] = []
        for item in items {
            guard item.hasPrefix(Self.identifierPrefix) else {
                paths.append(item)
                continue
            }
            let tree = try browseTree()
            paths += try Self.browsing { () throws(BrowseError) in try tree.playback(forIdentifier: item) }.items.map(\.location)
        }
        return paths
    }

    /// `library.search`.
    func search(_ params: LibrarySearchParams) throws(RPCError) -> LibrarySearchResult {
        let store = try libraryStore()
        guard let tree else { throw Self.noDatabase }
        let limit = min(max(params.limit ?? 50, 1), 500)
        let entries = try Self.querying { () throws(StoreError) in try store.search(params.query, limit: limit) }
        refreshSearchVocabularyIfWanted(store)
        return LibrarySearchResult(items: entries.map { ContentItem(tree.item(for: $0)) })
    }

    /// What "play `query`" plays (``BrowseTree/searchPlayback(for:candidates:using:)``), the
    /// item it chose and the container to name as now playing; `nil` when nothing matches.
    func searchPlayback(_ query: String) throws(RPCError) -> (playback: SearchPlayback, chosen: ContentItem, container: String?)? {
        let store = try libraryStore()
        guard let tree else { throw Self.noDatabase }
        let candidates = try Self.querying { () throws(StoreError) in try store.search(query, limit: 20) }
        refreshSearchVocabularyIfWanted(store)
        var generator = SystemRandomNumberGenerator()
        guard
            let found = try Self.browsing({ () throws(BrowseError) in try tree.searchPlayback(for: query, candidates: candidates, using: &generator) }
            )
        else { return nil }
        let container: String? = if case .track = found.chosen { nil } else { found.chosen.identifier }
        return (found, ContentItem(tree.item(for: found.chosen)), container)
    }

    /// Reads the search index's vocabulary again on a library-read thread when a search found
    /// it out of date (after a station was added, or before the first scan's refresh).
    private func refreshSearchVocabularyIfWanted(_ store: LibraryStore) {
        guard store.claimSearchVocabularyRefresh() else { return }
        LibraryReads.start { [logger] in
            do {
                try store.refreshSearchVocabulary()
            } catch {
                logger.warning("search vocabulary not read: \(error)")
            }
        }
    }

    /// The recently played tracks from the last one heard; `nil` when none, or no library.
    func recentlyPlayed() -> PlaybackSelection? {
        guard let tree else { return nil }
        return try? tree.recentlyPlayedSelection()
    }

    /// `library.problems`.
    func problems() throws(RPCError) -> [LibraryProblem] {
        let store = try libraryStore()
        return try Self.querying { () throws(StoreError) in try store.problems() }.map {
            LibraryProblem(path: $0.path, reason: $0.reason)
        }
    }

    /// `library.stats`.
    func stats() throws(RPCError) -> LibraryStatsResult {
        let store = try libraryStore()
        let stats = try Self.querying { () throws(StoreError) in try store.stats() }
        return LibraryStatsResult(
            tracks: stats.tracks, albums: stats.albums, artists: stats.artists, genres: stats.genres,
            playlists: stats.playlists, spokenWord: stats.spokenWord, problems: stats.problems,
            totalDuration: stats.totalDuration, lastScan: stats.lastScan, musicDirectory: musicDirectory)
    }

    // MARK: Content limits

    /// `context.get`.
    func contentLimits() -> ContentLimitsPayload {
        ContentLimitsPayload(limits.withLock { $0 })
    }

    /// `context.set`: applies the change and publishes `context.changed` when it changed anything.
    func setContentLimits(_ change: ContentLimitsChange) throws(RPCError) -> ContentLimitsPayload {
        let (updated, changed) = try limits.withLock { current throws(RPCError) -> (ContentLimits, Bool) in
            var wanted = current
            if let enforced = change.enforced { wanted.enforced = enforced }
            if let itemLimit = change.itemLimit { wanted.itemLimit = itemLimit }
            if let depthLimit = change.depthLimit { wanted.depthLimit = depthLimit }
            let validated = try Self.browsing { () throws(BrowseError) in try wanted.validated() }
            defer { current = validated }
            return (validated, validated != current)
        }
        if changed { hub.publish(.contentLimits(ContentLimitsPayload(updated))) }
        return ContentLimitsPayload(updated)
    }

    // MARK: Scanning

    /// `library.scan`: reconciles the library with the music directory (or a part of it) on a
    /// thread of its own, publishing progress; answered when done.
    func scan(_ params: LibraryScanParams) async throws(RPCError) -> LibraryScanResult {
        guard let scanner else { throw Self.noDatabase }
        let started = scanning.withLock { busy in
            defer { busy = true }
            return !busy
        }
        guard started else {
            throw RPCError(.libraryBusy, "a scan is already running; wait for it (rondo watch library) and try again")
        }
        defer { scanning.withLock { $0 = false } }
        let path = params.path.map { $0.hasPrefix("/") ? $0 : musicDirectory + "/" + $0 }
        let progress = ScanProgressThrottle(hub: hub)
        let outcome: Result<ScanSummary, ScanError> = await withCheckedContinuation { continuation in
            let thread = Thread { [database, store, logger] in
                continuation.resume(
                    returning: Result { () throws(ScanError) in
                        try scanner.scan(under: path, full: params.full ?? false) { progress.report($0) }
                    })
                // Searches read the index's terms from memory, as of the scan's last write.
                do {
                    try store?.refreshSearchVocabulary()
                } catch {
                    logger.warning("search vocabulary not read: \(error)")
                }
                // What the scan read and wrote is not needed again: the connections' caches
                // go, and the pages the tag readers freed return to the system.
                database?.releaseMemory()
                ProcessHeap.returnFreePages()
            }
            thread.name = "library scan"
            thread.start()
        }
        switch outcome {
        case .success(let summary):
            progress.finish()
            let result = LibraryScanResult(
                added: summary.added, updated: summary.updated, removed: summary.removed, problems: summary.problems)
            logger.info(
                "library scan: \(summary.added) added, \(summary.updated) updated, \(summary.removed) removed, \(summary.problems) problems")
            if summary.added + summary.updated + summary.removed > 0 {
                publishLibraryChanged(result)
            }
            return result
        case .failure(let error):
            throw RPCError(error.isOutside ? .badParam : .notFound, error.description)
        }
    }

    /// Tells subscribers the library's contents changed: a scan's, or a station's, `result`.
    func publishLibraryChanged(_ result: LibraryScanResult) {
        hub.publish(.library(result))
    }

    /// Scans the whole music directory incrementally (the demo's, as the daemon starts);
    /// failures are logged.
    func scanAtStart() async {
        guard scanner != nil else { return }
        do {
            _ = try await scan(LibraryScanParams())
        } catch {
            logger.warning("library not scanned: \(error.message)")
        }
    }

    // MARK: Errors

    /// Prefix of the identifiers the browse tree hands out.
    static let identifierPrefix = "rondo:"

    private static let noDatabase = RPCError(
        .notFound, "the library database could not be opened (see rondod's log); fix it or pass --database FILE")

    private func browseTree() throws(RPCError) -> BrowseTree {
        guard let tree else { throw Self.noDatabase }
        return tree
    }

    func libraryStore() throws(RPCError) -> LibraryStore {
        guard let store else { throw Self.noDatabase }
        return store
    }

    private static func browsing<T>(_ body: () throws(BrowseError) -> T) throws(RPCError) -> T {
        do {
            return try body()
        } catch {
            throw RPCError(error)
        }
    }

    static func querying<T>(_ body: () throws(StoreError) -> T) throws(RPCError) -> T {
        do {
            return try body()
        } catch {
            throw RPCError(BrowseError.store(error))
        }
    }
}

extension ScanError {
    /// The scan was asked for a path that is not inside the music directory.
    fileprivate var isOutside: Bool {
        if case .outsideMusicDirectory = self { return true }
        return false
    }
}
