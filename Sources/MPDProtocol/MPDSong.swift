/// A song as an MPD client reads it: its URI, when it changed, its length and its tags, in
/// the order and with the names MPD 0.23 prints (`song_print_info`): `file`,
/// `Last-Modified`, the tags, `Time`, `duration`, then in the queue `Pos` and `Id`.
public struct MPDSong: Equatable, Sendable {
    /// One of MPD's tags, by the name it prints.
    public enum Tag: String, CaseIterable, Sendable {
        case artist = "Artist"
        case artistSort = "ArtistSort"
        case album = "Album"
        case albumSort = "AlbumSort"
        case albumArtist = "AlbumArtist"
        case albumArtistSort = "AlbumArtistSort"
        case title = "Title"
        case track = "Track"
        case name = "Name"
        case genre = "Genre"
        case date = "Date"
        case originalDate = "OriginalDate"
        case composer = "Composer"
        case performer = "Performer"
        case conductor = "Conductor"
        case work = "Work"
        case grouping = "Grouping"
        case comment = "Comment"
        case disc = "Disc"
        case label = "Label"
        case musicBrainzArtistID = "MUSICBRAINZ_ARTISTID"
        case musicBrainzAlbumID = "MUSICBRAINZ_ALBUMID"
        case musicBrainzAlbumArtistID = "MUSICBRAINZ_ALBUMARTISTID"
        case musicBrainzTrackID = "MUSICBRAINZ_TRACKID"
        case musicBrainzReleaseTrackID = "MUSICBRAINZ_RELEASETRACKID"
        case musicBrainzWorkID = "MUSICBRAINZ_WORKID"

        /// The tag a client names, in any case (`artist`, `ARTIST`); `nil` for none.
        public init?(named name: String) {
            let folded = name.lowercased()
            guard let tag = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
            self = tag
        }
    }

    /// The song's URI: a path relative to the music directory, or a stream's URL.
    public var file: String
    /// When the file last changed, as MPD prints it (`2026-11-29T10:00:00Z`).
    public var lastModified: String?
    /// Its length in seconds, when known.
    public var duration: Double?
    /// Its tags, in the order they are printed; a tag may hold several values.
    public var tags: [(tag: Tag, value: String)]

    /// A song at `file` with `tags`.
    public init(file: String, lastModified: String? = nil, duration: Double? = nil, tags: [(tag: Tag, value: String)] = []) {
        self.file = file
        self.lastModified = lastModified
        self.duration = duration
        self.tags = tags
    }

    /// The values of `tag`, in order, with MPD's fallbacks for a song without it: the
    /// artist's for `AlbumArtist` and `ArtistSort`, the album artist's sort name, else its
    /// name, for `AlbumArtistSort`, the album's for `AlbumSort`.
    public func values(of tag: Tag) -> [String] {
        let found = tags.filter { $0.tag == tag }.map(\.value)
        guard found.isEmpty else { return found }
        switch tag {
        case .albumArtist, .artistSort: return values(of: .artist)
        case .albumArtistSort:
            let sorted = tags.filter { $0.tag == .albumArtist }.map(\.value)
            return sorted.isEmpty ? values(of: .artistSort) : sorted
        case .albumSort: return values(of: .album)
        default: return found
        }
    }

    /// The song's fields as a reply prints them; `position` and `id` when it is in the queue.
    public func fields(position: Int? = nil, id: Int? = nil) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [("file", file)]
        if let lastModified { fields.append(("Last-Modified", lastModified)) }
        for (tag, value) in tags { fields.append((tag.rawValue, value)) }
        if let duration, duration.isFinite, (0...MPDNumber.longestSeconds).contains(duration) {
            fields.append(("Time", MPDNumber.wholeSeconds(duration)))
            fields.append(("duration", MPDNumber.seconds(duration)))
        }
        if let position { fields.append(("Pos", String(position))) }
        if let id { fields.append(("Id", String(id))) }
        return fields
    }

    public static func == (lhs: MPDSong, rhs: MPDSong) -> Bool {
        lhs.file == rhs.file && lhs.lastModified == rhs.lastModified && lhs.duration == rhs.duration
            && lhs.tags.map(\.tag) == rhs.tags.map(\.tag) && lhs.tags.map(\.value) == rhs.tags.map(\.value)
    }
}

/// Numbers as MPD prints them.
public enum MPDNumber {
    /// The most seconds printed, some 30,000 years, far past any track or library; a larger
    /// time (or one that is not a number) is held to it, never a trap.
    public static let longestSeconds = 1e12

    /// Whole seconds, rounded (`Time: 180`, `db_playtime: 7200`).
    public static func wholeSeconds(_ value: Double) -> String {
        String(Int((value.isNaN ? 0 : min(max(0, value), longestSeconds)).rounded()))
    }

    /// Seconds with three decimals (`elapsed: 12.345`, `duration: 180.000`).
    public static func seconds(_ value: Double) -> String {
        let held = value.isNaN ? 0 : min(max(0, value), longestSeconds)
        let millis = Int((held * 1000).rounded())
        let fraction = String(millis % 1000)
        return String(millis / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
