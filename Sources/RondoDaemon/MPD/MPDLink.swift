import Audio
import Library
import Playback
import RondoMPD
import RondoProtocol

/// The player as the MPD front end drives it: its API, and the queue's entries described.
extension PlayerService: MPDPlayer {
    func describedEntries(_ positions: Range<Int>) -> [MPDQueueEntry] {
        let entries = player.queue.entries
        return positions.clamped(to: 0..<entries.count).map { position in
            let entry = entries[position]
            let known = descriptions[entry.location]
            return MPDQueueEntry(
                entry: entry, metadata: known?.metadata ?? TrackDescription.placeholder(entry.location),
                libraryTrack: known?.libraryTrack, priority: player.priority(of: entry.id), isDescribed: known != nil)
        }
    }
}

/// The library as the MPD front end reads it (its shared reads are
/// ``LibraryService+Catalog.swift``'s).
extension LibraryService: MPDLibrary {
    func catalogStats() throws(StoreError) -> LibraryStats {
        guard let store else {
            return LibraryStats(
                tracks: 0, albums: 0, artists: 0, genres: 0, playlists: 0, spokenWord: 0, problems: 0, totalDuration: 0, lastScan: nil)
        }
        return try store.stats()
    }

    func startScan() {
        Task.detached { [self] in _ = try? await scan(LibraryScanParams()) }
    }

    func embeddedPicture(atPath path: String) -> EmbeddedPicture? {
        (try? AudioTagReader().scanTags(at: path))?.picture
    }

    func comments(atPath path: String) -> [FileTags.Comment]? {
        (try? AudioTagReader().scanTags(at: path))?.comments
    }
}

extension MPDIdleBoard {
    /// Tells the board each change the daemon publishes that MPD clients hear of.
    func observe(_ change: DaemonChange) {
        switch change {
        case .library, .podcastRefreshed: databaseChanged()
        case .libraryScanning: scanProgressed()
        case .nowPlaying, .queue: playerChanged()
        case .playerRoute, .route: outputsChanged()
        case .commands, .contentLimits, .session, .sessionGain, .interruption, .promptStyle, .advisory: break
        }
    }
}
