/// The MusicBrainz identifiers a file's tags carry, as MusicBrainz Picard writes them:
/// Vorbis comments (`MUSICBRAINZ_ALBUMID`), ID3 `TXXX` frames and MP4 freeform items
/// (`MusicBrainz Album Id`), and the recording's in an ID3 `UFID` frame owned by
/// `http://musicbrainz.org`. MPD serves them as `MUSICBRAINZ_TRACKID` and its kin;
/// mpdscribble submits the recording's, MALP groups albums and artists by theirs.
public struct MusicBrainzIDs: Equatable, Sendable {
    /// The recording (MPD's `MUSICBRAINZ_TRACKID`).
    public var track: String?
    /// The release (`MUSICBRAINZ_ALBUMID`).
    public var album: String?
    /// The track's artist (`MUSICBRAINZ_ARTISTID`).
    public var artist: String?
    /// The release's artist (`MUSICBRAINZ_ALBUMARTISTID`).
    public var albumArtist: String?
    /// The track on the release (`MUSICBRAINZ_RELEASETRACKID`).
    public var releaseTrack: String?
    /// The work recorded (`MUSICBRAINZ_WORKID`).
    public var work: String?

    /// Identifiers; each defaults to unknown.
    public init(
        track: String? = nil, album: String? = nil, artist: String? = nil, albumArtist: String? = nil,
        releaseTrack: String? = nil, work: String? = nil
    ) {
        self.track = track
        self.album = album
        self.artist = artist
        self.albumArtist = albumArtist
        self.releaseTrack = releaseTrack
        self.work = work
    }

    /// Records `value` under `key`: a Vorbis comment's name or the description of a `TXXX`
    /// frame or MP4 freeform item, in any case, with or without spaces and underscores. The
    /// first value of each is kept; an empty one is none.
    /// - Returns: whether `key` names a MusicBrainz identifier.
    @discardableResult
    public mutating func record(_ key: String, _ value: String) -> Bool {
        let name = String(String.UnicodeScalarView(key.uppercased().unicodeScalars.filter { $0 != " " && $0 != "_" }))
        let kept = String(String.UnicodeScalarView(value.unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
        let text: String? = kept.isEmpty ? nil : kept
        switch name {
        case "MUSICBRAINZTRACKID": track = track ?? text
        case "MUSICBRAINZALBUMID": album = album ?? text
        case "MUSICBRAINZARTISTID": artist = artist ?? text
        case "MUSICBRAINZALBUMARTISTID": albumArtist = albumArtist ?? text
        case "MUSICBRAINZRELEASETRACKID": releaseTrack = releaseTrack ?? text
        case "MUSICBRAINZWORKID": work = work ?? text
        default: return false
        }
        return true
    }
}
