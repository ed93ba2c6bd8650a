import Foundation
import Library
import MPDProtocol
import Playback
import TagReading

/// Where MPD's song URIs and Rondo's locations meet: a file under the music directory is
/// its path relative to it (`Artist/Album/01.mp3`), a stream its URL, a podcast episode its
/// audio's URL; a file elsewhere its absolute path, which only a local client may name.
public struct MPDPaths: Sendable {
    let musicDirectory: String
    /// The music directory with one `/` after it: what a file's path under it starts with.
    private let root: String

    /// The paths of a library whose music directory is `musicDirectory`.
    public init(musicDirectory: String) {
        self.musicDirectory = musicDirectory
        root = musicDirectory.hasSuffix("/") ? musicDirectory : musicDirectory + "/"
    }

    /// The URI a client sees for `location`.
    func uri(of location: String, episode: EpisodeFacts? = nil) -> String {
        if let episode { return episode.audioURL }
        // Compared and cut as bytes: the root ends in `/`, so the cut is a boundary of
        // characters, and a search that lists 14,000 songs walks no grapheme twice.
        let bytes = location.utf8
        guard bytes.starts(with: root.utf8) else { return location }
        return String(Substring(bytes.dropFirst(root.utf8.count)))
    }

    /// The location `uri` names: the music directory itself for `""` or `/`.
    /// - Throws: ``MPDAck`` `noExist`/`permission` for a path that leaves the music
    ///   directory (`..`), or an absolute one from a client over TCP.
    func location(of uri: String, isLocal: Bool, command: String) throws(MPDAck) -> String {
        if uri.hasPrefix("http://") || uri.hasPrefix("https://") { return uri }
        var path = uri
        if path.hasPrefix("file://") { path = String(path.dropFirst("file://".count)) }
        if path.hasPrefix("/"), path != "/" {
            guard isLocal else {
                throw MPDAck(.permission, command: command, "Access denied: only a local client may name a file by its absolute path")
            }
            return path
        }
        let relative = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !relative.contains(where: { $0 == ".." || $0 == "." }) else {
            throw MPDAck(.noExist, command: command, "Malformed URI: \(uri)")
        }
        return relative.isEmpty ? musicDirectory : musicDirectory + "/" + relative.joined(separator: "/")
    }

    /// The directory the library reads for `location`: `nil` for the music directory itself
    /// (the whole library).
    func libraryDirectory(_ location: String?) -> String? {
        location == musicDirectory ? nil : location
    }

    /// The song a library track is.
    func song(_ track: CatalogTrack) -> MPDSong {
        MPDSong(
            file: uri(of: track.path, episode: track.episode), lastModified: track.modified.map(Self.timestamp), duration: track.duration,
            tags: Self.tags { track.text(of: $0) })
    }

    /// The library field each tag a library track has is read from, in the order a song
    /// lists them.
    static let tagFields: [(tag: MPDSong.Tag, field: TrackCondition.Field)] = [
        (.artist, .artist), (.albumArtist, .albumArtist), (.title, .title), (.album, .album), (.track, .trackNumber),
        (.date, .year), (.genre, .genre), (.composer, .composer), (.disc, .discNumber),
        (.musicBrainzArtistID, .musicBrainzArtist), (.musicBrainzAlbumID, .musicBrainzAlbum),
        (.musicBrainzAlbumArtistID, .musicBrainzAlbumArtist), (.musicBrainzTrackID, .musicBrainzTrack),
        (.musicBrainzReleaseTrackID, .musicBrainzReleaseTrack), (.musicBrainzWorkID, .musicBrainzWork),
    ]

    /// The tags of a library track whose fields read as `text` gives them: those not empty.
    static func tags(_ text: (TrackCondition.Field) -> String?) -> [(tag: MPDSong.Tag, value: String)] {
        tagFields.compactMap { tag, field in
            guard let value = text(field), !value.isEmpty else { return nil }
            return (tag, value)
        }
    }

    /// The song a queue entry is: its library row, else what the player knows of it. A live
    /// stream is shown as MPD 0.23 shows one: its station's name as `Name`, and what it says
    /// it plays, whole and as it said it, as the one `Title` (no artist, no album).
    func song(_ queued: MPDQueueEntry) -> MPDSong {
        if let track = queued.libraryTrack { return song(track) }
        let metadata = queued.metadata
        var tags: [(tag: MPDSong.Tag, value: String)] = []
        func add(_ tag: MPDSong.Tag, _ value: String?) {
            if let value, !value.isEmpty { tags.append((tag, value)) }
        }
        if metadata.isLiveStream == true {
            // Until the station names a song, its title is its name: shown once, as Name.
            add(.title, metadata.streamTitle ?? (metadata.title == metadata.albumTitle ? nil : metadata.title))
            add(.name, metadata.albumTitle)
            return MPDSong(file: uri(of: queued.entry.location), tags: tags)
        }
        add(.artist, metadata.artist)
        add(.albumArtist, metadata.albumArtist)
        add(.title, metadata.title)
        add(.album, metadata.albumTitle)
        add(.track, metadata.albumTrackNumber.map(String.init))
        add(.genre, metadata.genre)
        add(.composer, metadata.composer)
        add(.disc, metadata.discNumber.map(String.init))
        return MPDSong(file: uri(of: queued.entry.location), duration: metadata.duration, tags: tags)
    }

    /// `seconds` since the epoch as MPD prints a time (`2026-11-29T10:00:00Z`).
    static func timestamp(_ seconds: Int64) -> String { MPDTime.iso8601(seconds: seconds) }
}

extension CatalogTrack {
    /// The track's `field` as text, as the library compares it.
    func text(of field: TrackCondition.Field) -> String? {
        switch field {
        case .title: title
        case .artist: artist
        case .albumArtist: albumArtist
        case .album: albumTitle
        case .genre: genre
        case .composer: composer
        case .path: path
        case .trackNumber: trackNumber.map(String.init)
        case .discNumber: discNumber.map(String.init)
        case .year: year.map(String.init)
        case .musicBrainzTrack: musicBrainz.track
        case .musicBrainzAlbum: musicBrainz.album
        case .musicBrainzArtist: musicBrainz.artist
        case .musicBrainzAlbumArtist: musicBrainz.albumArtist
        case .musicBrainzReleaseTrack: musicBrainz.releaseTrack
        case .musicBrainzWork: musicBrainz.work
        }
    }
}

extension MPDOutput {
    /// Writes `song` with the tags `client` wants; a queued song with its priority when it
    /// has one, as MPD does.
    mutating func song(_ song: MPDSong, position: Int? = nil, id: Int? = nil, priority: UInt8 = 0, for client: MPDClientState) {
        var shown = song
        if client.tagTypes.count != MPDSong.Tag.allCases.count {
            shown.tags = song.tags.filter { client.tagTypes.contains($0.tag) }
        }
        fields(shown.fields(position: position, id: id))
        if priority > 0 { field("Prio", Int(priority)) }
    }
}
