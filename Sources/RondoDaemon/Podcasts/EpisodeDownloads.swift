import ContentIdentifiers
import Foundation
import Library
import Logging
import Streams
import Synchronization
import ThreadJobs

/// Downloads ahead the next unplayed episodes of every show (`download_ahead`) into a
/// directory of their own, within `cache_limit_mb`: when a download would pass the cap, the
/// downloads no show wants any more leave first (played ones, then the oldest); what still
/// does not fit is not downloaded. A download cut short is kept as `NAME.part` and goes on
/// from where it stopped (a Range request) the next time.
///
/// Ownership: one pass at a time (a pass asked for while one runs runs once more after it);
/// the files of the directory are this object's alone, and the store says which episode
/// each belongs to. Downloads block on the network, so they run on threads of their own.
final class EpisodeDownloads: Sendable {
    /// The most bytes one episode may take: a ten-hour episode at 320 kbit/s is 1.4 GB.
    static let maximumEpisodeBytes = 2 << 30

    private let store: LibraryStore
    private let directory: String
    private let settings: PodcastSettings
    private let options: HTTPOptions
    private let logger: Logger
    /// Whether a pass runs, and whether another was asked for meanwhile.
    private let passes = Mutex((running: false, again: false))
    /// The episodes whose downloaded copy came or went since ``update()`` last returned them.
    private let moved = Mutex<Set<String>>([])

    /// Downloads kept in `directory`, fetched with `options`.
    init(store: LibraryStore, directory: String, settings: PodcastSettings, options: HTTPOptions, logger: Logger) {
        self.store = store
        self.directory = directory
        self.settings = settings
        self.options = options
        self.logger = logger
    }

    /// Brings the downloads in line with what the shows want; returns once done (a pass
    /// already running is asked to run again, and this returns at once).
    /// - Returns: the identifiers of the episodes whose downloaded copy came or went, so
    ///   what is shown of where their audio is can follow.
    @discardableResult
    func update() async -> [String] {
        let starts = passes.withLock { state in
            if state.running { state.again = true }
            defer { state.running = true }
            return !state.running
        }
        guard starts else { return [] }
        while true {
            await pass()
            let again = passes.withLock { state in
                defer { state.again = false }
                if !state.again { state.running = false }
                return state.again
            }
            if !again {
                return moved.withLock { changed in
                    defer { changed.removeAll() }
                    return changed.sorted()
                }
            }
        }
    }

    /// One pass: drops what no episode owns and what passes the cap, then downloads each
    /// wanted episode in turn while the cache has room (none with a cap of 0).
    private func pass() async {
        let wanted: [PodcastEpisodeRecord]
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            wanted = try store.episodesToDownload(perShow: settings.downloadAhead)
            try sweep(keeping: wanted)
        } catch {
            logger.warning("podcast downloads not updated: \(error)")
            return
        }
        guard capBytes > 0 else { return }
        let results = await ThreadFanOut.map([wanted], width: 1, name: "rondo-downloads") { wanted in
            var downloaded = 0
            for (rank, episode) in wanted.enumerated() where !self.isOnDisk(episode) {
                // One episode that fails (a gone enclosure) holds up no other.
                if self.download(episode, rank: rank, of: wanted) { downloaded += 1 }
            }
            return downloaded
        }
        if let downloaded = results.first, downloaded > 0 { logger.info("downloaded \(downloaded) podcast episodes ahead") }
    }

    /// Downloads `episode`, the `rank`th of `wanted`, to its file, going on from a partial
    /// one, and records it in the store. The cap holds throughout: when the next piece
    /// would pass it, downloads no show wants leave first, then wanted ones ranked after
    /// this one; if there is still no room, the download stops and its partial file goes.
    ///
    /// A partial file goes on only as the version it holds: its validator (kept beside it
    /// as `NAME.part.version`) is sent as `If-Range`, so a changed enclosure comes whole
    /// and replaces it, and a range that does not start where the file ends starts it over.
    /// - Returns: whether it is now on disk.
    private func download(_ episode: PodcastEpisodeRecord, rank: Int, of wanted: [PodcastEpisodeRecord]) -> Bool {
        let path = file(for: episode)
        let partial = path + ".part"
        let version = partial + ".version"
        if !FileManager.default.fileExists(atPath: partial) { _ = FileManager.default.createFile(atPath: partial, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: partial) else { return false }
        defer { try? handle.close() }
        var room = capBytes - cacheBytes()
        var full = false
        let makeRoom = { (needed: Int) throws in
            defer { room -= needed }
            guard needed > room else { return }
            self.evict(toFree: needed - room, rankedAfter: rank, of: wanted)
            room = self.capBytes - self.cacheBytes()
            guard needed <= room else {
                full = true
                throw FetchError.refused("the cache is full (cache_limit_mb)")
            }
        }
        do {
            let offset = Int(try handle.seekToEnd())
            let kept = offset > 0 ? (try? String(contentsOfFile: version, encoding: .utf8)) : nil
            do {
                try fetch(episode.url, into: handle, from: offset, ifRange: kept, version: version, makeRoom: makeRoom)
            } catch let error as FetchError where offset > 0 && Self.startsOver(after: error) {
                // What was kept is no beginning of what the server has now: start again.
                try handle.truncate(atOffset: 0)
                room = capBytes - cacheBytes()
                try fetch(episode.url, into: handle, from: 0, ifRange: nil, version: version, makeRoom: makeRoom)
            }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
            try? FileManager.default.removeItem(atPath: version)
            guard try store.setEpisodeDownload(episode.identifier, path: path) else {
                try? FileManager.default.removeItem(atPath: path)
                return false
            }
            moved.withLock { _ = $0.insert(episode.identifier) }
            return true
        } catch {
            if full {
                try? FileManager.default.removeItem(atPath: partial)
                try? FileManager.default.removeItem(atPath: version)
                return false
            }
            logger.warning("episode \(episode.title) not downloaded (kept to go on later): \(error)")
            return false
        }
    }

    /// Whether a failed resume should start the download over: the server holds no such
    /// range (416), or sent another one.
    private static func startsOver(after error: FetchError) -> Bool {
        switch error {
        case .status(416), .rangeNotKept: true
        default: false
        }
    }

    /// Appends the bytes of `url` from `offset` to `handle`, or writes all of them from its
    /// start when the server sends the whole document (it does not answer ranges, or the
    /// version changed since `ifRange`), and keeps the version's validator in the file at
    /// `version`. `makeRoom` is asked for each piece's bytes before it is written, and
    /// throws to stop. The episode's size cap counts what was kept before this transfer.
    private func fetch(
        _ url: String, into handle: FileHandle, from offset: Int, ifRange: String?, version: String, makeRoom: (Int) throws -> Void
    ) throws {
        var cap = Self.maximumEpisodeBytes - offset
        _ = try DocumentFetcher.fetch(
            url, options: options, maximumBytes: Self.maximumEpisodeBytes, from: offset, ifRange: ifRange, compressed: false,
            answered: { answer in
                if answer.startsAt == 0 {
                    cap = Self.maximumEpisodeBytes
                    if offset > 0 { try handle.truncate(atOffset: 0) }
                }
                if let validator = answer.validators.ifRange {
                    try validator.write(toFile: version, atomically: true, encoding: .utf8)
                } else {
                    try? FileManager.default.removeItem(atPath: version)
                }
            },
            body: { piece in
                cap -= piece.count
                guard cap >= 0 else { throw FetchError.tooLarge(limit: Self.maximumEpisodeBytes) }
                try makeRoom(piece.count)
                try handle.write(contentsOf: Data(piece))
            })
    }

    /// Frees at least `bytes` if it can: downloads no show wants leave first (played ones,
    /// then the oldest), then wanted ones ranked after `rank`, the last ranked first.
    private func evict(toFree bytes: Int, rankedAfter rank: Int, of wanted: [PodcastEpisodeRecord]) {
        let wantedIDs = Set(wanted.map(\.identifier))
        let unwanted = ((try? store.downloadedEpisodes()) ?? []).filter { !wantedIDs.contains($0.identifier) }
        var freed = 0
        for episode in unwanted + wanted.dropFirst(rank + 1).reversed() where freed < bytes {
            let paths = [episode.downloadPath ?? file(for: episode), file(for: episode) + ".part", file(for: episode) + ".part.version"]
            for path in paths where FileManager.default.fileExists(atPath: path) {
                freed += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                try? FileManager.default.removeItem(atPath: path)
            }
            if episode.downloadPath != nil, (try? store.setEpisodeDownload(episode.identifier, path: nil)) != nil {
                moved.withLock { _ = $0.insert(episode.identifier) }
            }
        }
    }

    /// Whether `episode`'s download is on disk.
    private func isOnDisk(_ episode: PodcastEpisodeRecord) -> Bool {
        FileManager.default.fileExists(atPath: file(for: episode))
    }

    /// Removes the files of the directory that no kept download or wanted partial one owns,
    /// forgets downloads whose file is gone, and brings the directory within the cap (it
    /// may have been lowered since the downloads were made): downloads no show wants leave
    /// first, then the wanted ones ranked last.
    private func sweep(keeping wanted: [PodcastEpisodeRecord]) throws {
        var owned = Set(wanted.flatMap { [file(for: $0) + ".part", file(for: $0) + ".part.version"] })
        for episode in try store.downloadedEpisodes() {
            guard let path = episode.downloadPath else { continue }
            if FileManager.default.fileExists(atPath: path) {
                owned.insert(path)
            } else {
                try store.setEpisodeDownload(episode.identifier, path: nil)
                moved.withLock { _ = $0.insert(episode.identifier) }
            }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where !owned.contains(directory + "/" + name) {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
        let excess = cacheBytes() - capBytes
        if excess > 0 { evict(toFree: excess, rankedAfter: -1, of: wanted) }
    }

    /// The bytes the directory's files take.
    private func cacheBytes() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    private var capBytes: Int { settings.cacheLimitMB << 20 }

    /// Where `episode`'s download lives: named by its identifier's hash, with its audio's
    /// extension so the decoders know it.
    private func file(for episode: PodcastEpisodeRecord) -> String {
        let name = episode.identifier.split(separator: ":").last.map(String.init) ?? "episode"
        let pathExtension = URL(string: episode.url).map { $0.pathExtension.lowercased() } ?? ""
        let known = ["mp3", "m4a", "m4b", "aac", "ogg", "oga", "opus", "flac", "mp4"]
        return directory + "/" + name + "." + (known.contains(pathExtension) ? pathExtension : "mp3")
    }
}
