import Library
import MPDProtocol

extension MPDPaths {
    /// A condition the library checks in SQL that holds for every library track `filter`
    /// can match, so `find`, `search`, `count` and `list` read only the rows that may match;
    /// when it is exact (it holds for those tracks alone), the filter need not judge them
    /// again. Where SQL cannot follow MPD's rules (`!=`, regular expressions, `!`, times) it
    /// holds for every track.
    func trackCondition(_ filter: MPDFilter) -> (condition: TrackCondition, isExact: Bool) {
        switch filter {
        case .all(let filters):
            let parts = filters.map(trackCondition)
            return (.all(parts.map(\.condition)), parts.allSatisfy(\.isExact))
        case .not, .base, .modifiedSince:
            return (.always, false)
        case .compare(let subject, let comparison, let value, let foldCase):
            let fields: [TrackCondition.Field]
            switch subject {
            case .any: fields = Self.tagFields.map(\.field)
            case .tag(let tag): fields = Self.fields(of: tag)
            case .file:
                // A library file's URI is its path under the music directory; an episode's is
                // its audio's URL, which SQL does not hold and no relative URI equals.
                guard comparison == .equals, !foldCase, !value.contains("://") else { return (.always, false) }
                return (.equals(.path, musicDirectory + "/" + value), true)
            }
            guard !fields.isEmpty else { return (.always, false) }
            // One field each: AlbumArtist's fallback to the artist is the filter's to judge,
            // and SQL compares a number with text as a number ("01" equals 1).
            let isPlain = subject == .any || (fields.count == 1 && !fields[0].isNumber)
            let foldsExactly = foldCase && !value.isEmpty && (subject == .any || fields.count == 1)
            switch comparison {
            case .equals where !foldCase:
                return (.any(fields.map { .equals($0, value) }), isPlain && subject != .any)
            case .equals:
                return (.containsFolded(fields, value), false)
            case .contains:
                return (.containsFolded(fields, value), foldsExactly)
            case .startsWith:
                return (.any(fields.map { .startsWithFolded($0, value) }), foldsExactly)
            case .notEquals, .matches:
                return (.always, false)
            }
        }
    }

    /// The library fields a tag's values come from, with MPD's fallbacks: `AlbumArtist`
    /// and `ArtistSort` fall back to the artist, `AlbumArtistSort` to the album artist then
    /// the artist, `AlbumSort` to the album (the library keeps no sort tags of its own).
    static func fields(of tag: MPDSong.Tag) -> [TrackCondition.Field] {
        let own = tagFields.filter { $0.tag == tag }.map(\.field)
        switch tag {
        case .albumArtist, .artistSort: return own + [.artist]
        case .albumArtistSort: return own + [.albumArtist, .artist]
        case .albumSort: return own + [.album]
        default: return own
        }
    }
}
