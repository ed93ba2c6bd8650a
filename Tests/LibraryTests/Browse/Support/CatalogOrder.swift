import Foundation
import Library

/// The sort keys of the orders ``LibraryCatalog`` documents, as the store's indexes apply them.
enum CatalogOrder {
    /// Case- and accent-insensitive.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// An artist's sort name: folded, a leading "The " ignored.
    static func sortName(_ artist: String) -> String {
        let folded = fold(artist)
        return folded.hasPrefix("the ") ? String(folded.dropFirst(4)) : folded
    }

    /// The album artist, else the artist.
    static func albumArtist(_ track: CatalogTrack) -> String {
        track.albumArtist ?? track.artist ?? "Unknown Artist"
    }

    /// What groups a track into its album (or show).
    static func albumKey(artist: String, title: String) -> String {
        "\(fold(artist))/\(fold(title))"
    }

    /// Unknown years sort last.
    static func yearKey(_ year: Int?) -> (Int, Int) {
        (year == nil ? 1 : 0, year ?? 0)
    }

    /// Albums: by year, then title.
    static func albumKey(_ album: CatalogAlbum) -> (Int, Int, String, String) {
        (yearKey(album.year).0, yearKey(album.year).1, fold(album.title), album.identifier)
    }

    /// Tracks of an album or show: by disc, track number, title.
    static func albumTrackKey(_ track: CatalogTrack) -> (Int, Int, String) {
        (track.discNumber ?? 0, track.trackNumber ?? 0, fold(track.title))
    }

    /// Songs: by title, then artist.
    static func songKey(_ track: CatalogTrack) -> (String, String) {
        (fold(track.title), fold(track.artist ?? ""))
    }

    /// Tracks of a genre: by artist sort name, album year, album, disc, track number.
    static func genreTrackKey(_ track: CatalogTrack, albumYear: Int?) -> (String, Int, Int, String, Int, Int) {
        let year = yearKey(albumYear)
        return (
            sortName(albumArtist(track)), year.0, year.1, fold(track.albumTitle ?? ""), track.discNumber ?? 0,
            track.trackNumber ?? 0
        )
    }
}
