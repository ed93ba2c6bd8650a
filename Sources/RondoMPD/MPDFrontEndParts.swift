public import Audio
public import Library
public import Playback

/// The player as MPD's commands need it: the player's API, and what MPD's replies show
/// besides — the queue's entries with what is known of them, and the ReplayGain mode.
public protocol MPDPlayer: PlayerCommands {
    /// The entries at `positions` of the queue with what the player already knows of them;
    /// nothing is read for them (``describe(_:)`` asks for that).
    func describedEntries(_ positions: Range<Int>) async -> [MPDQueueEntry]

    /// Asks the player to read what it does not know yet of the files or streams at
    /// `locations` (a file outside the library: its tags), to show them once read.
    func describe(_ locations: [String]) async

    /// The ReplayGain settings in force.
    func replayGainSettings() async -> ReplayGainSettings

    /// Puts `settings` in force, as `rondo replaygain` does.
    func setReplayGain(_ settings: ReplayGainSettings) async
}

/// One queue entry as an MPD reply shows it.
public struct MPDQueueEntry: Sendable {
    public var entry: QueueEntry
    public var metadata: TrackMetadata
    /// The library's track at the entry's location, when the library has one there.
    public var libraryTrack: CatalogTrack?
    /// Its priority (`prio`), 0 for none.
    public var priority: UInt8
    /// Whether the player has described it (else ``metadata`` tells only its location).
    public var isDescribed: Bool

    /// `entry` described by `metadata` (when `isDescribed`) and, when in the library, its track.
    public init(entry: QueueEntry, metadata: TrackMetadata, libraryTrack: CatalogTrack?, priority: UInt8 = 0, isDescribed: Bool = true) {
        self.entry = entry
        self.metadata = metadata
        self.libraryTrack = libraryTrack
        self.priority = priority
        self.isDescribed = isDescribed
    }
}

/// The library as MPD's database commands read it, in the library's own terms: each read
/// runs where it is called, which for MPD's commands is the library-read threads.
/// Without a database (``hasDatabase`` false) every read finds nothing.
public protocol MPDLibrary: Sendable {
    /// Whether the library's database is open.
    var hasDatabase: Bool { get }

    /// The store the playlists MPD clients save, and the stickers they keep, are recorded
    /// in; `nil` without a database.
    var store: LibraryStore? { get }

    /// The track at `path`, if the library has one there.
    func track(atPath path: String) -> CatalogTrack?

    /// The tracks under `directory` (the whole library when `nil`) for which `condition` holds.
    func tracks(under directory: String?, where condition: TrackCondition, inPathOrder: Bool) throws(StoreError) -> [CatalogTrack]

    /// The id and path of each track under `directory` for which `condition` holds.
    func trackPaths(under directory: String?, where condition: TrackCondition) throws(StoreError) -> [(id: Int64, path: String)]

    /// The tracks with `ids`, in their order.
    func tracks(ids: [Int64]) throws(StoreError) -> [CatalogTrack]

    /// What the library has of `locations`: its tracks, and the locations it does not hold.
    func catalogued(_ locations: [String]) -> CataloguedLocations

    /// The distinct combinations of `fields` among the tracks under `directory` for which
    /// `condition` holds.
    func distinctValues(of fields: [TrackCondition.Field], under directory: String?, where condition: TrackCondition)
        throws(StoreError) -> [[String?]]

    /// Every playlist the library lists: the music directory's and those clients saved.
    func playlists() throws(StoreError) -> [CatalogPlaylist]

    /// The paths of the library tracks `playlist` holds, in order.
    func trackPaths(of playlist: CatalogPlaylist) throws(StoreError) -> [String]

    /// How big the library is and when it was last scanned.
    func catalogStats() throws(StoreError) -> LibraryStats

    /// The picture the file at `path` embeds, read from the file now (MPD's `readpicture`,
    /// which never shows a folder's cover); `nil` when it embeds none or cannot be read.
    func embeddedPicture(atPath path: String) -> EmbeddedPicture?

    /// The comments the file at `path` holds (MPD's `readcomments`), read from the file
    /// now: a FLAC, Ogg or Opus file's Vorbis comments, none for other formats; `nil` when
    /// it cannot be read.
    func comments(atPath path: String) -> [FileTags.Comment]?

    /// Starts a scan of the whole music directory in the background (MPD's `update`); a
    /// scan already running is left to finish.
    func startScan()
}
