import Foundation
import MPDProtocol
import RondoTesting
import Testing

/// A song's fields come in `song_print_info`'s order: `file`, `Last-Modified`, the tags in
/// their own order, `Time` rounded, `duration` with three decimals, then `Pos` and `Id`.
struct MPDSongTests {
    /// Every field present, in order; a repeated tag keeps its place.
    @Test func fieldsInMPDsOrder() {
        let song = MPDSong(
            file: "a/b.flac", lastModified: "2026-11-29T10:00:00Z", duration: 255.5,
            tags: [(.artist, "A"), (.genre, "X"), (.artist, "B"), (.title, "T")])
        let fields = song.fields(position: 3, id: 7)
        #expect(fields.map(\.name) == ["file", "Last-Modified", "Artist", "Genre", "Artist", "Title", "Time", "duration", "Pos", "Id"])
        #expect(fields.map(\.value) == ["a/b.flac", "2026-11-29T10:00:00Z", "A", "X", "B", "T", "256", "255.500", "3", "7"])
    }

    /// Fields a song lacks are left out.
    @Test func absentFieldsAreLeftOut() {
        #expect(MPDSong(file: "s").fields().map(\.name) == ["file"])
        #expect(MPDSong(file: "s").fields(id: 4).map(\.name) == ["file", "Id"])
        #expect(MPDSong(file: "s").fields(position: 0).map(\.value) == ["s", "0"])
    }

    /// `Time` is the duration rounded half away from zero; an unknown, negative or infinite
    /// duration prints neither `Time` nor `duration`.
    @Test(arguments: [
        (0.0, ["0", "0.000"]),
        (0.4999, ["0", "0.500"]),
        (0.5, ["1", "0.500"]),
        (180.0, ["180", "180.000"]),
        (12.3456, ["12", "12.346"]),
        (-1.0, []),
        (Double.nan, []),
        (Double.infinity, []),
    ])
    func timeAndDuration(duration: Double, printed: [String]) {
        let fields = MPDSong(file: "s", duration: duration).fields().dropFirst()
        #expect(fields.map(\.value) == printed)
        #expect(fields.map(\.name) == (printed.isEmpty ? [] : ["Time", "duration"]))
    }
}
