import Library
import MPDProtocol

extension MPDPaths {
    /// A condition the library checks in SQL that holds for every library track `filter`
    /// can match, so `find`, `search`, `count` and `list` read only the rows that may match
    /// and judge those with `filter` itself. Where SQL cannot follow MPD's rules (`!=`,
    /// regular expressions, `!`, times) it holds for every track.
    func trackCondition(_ filter: MPDFilter) -> TrackCondition {
        switch filter {
        case .all(let filters):
            return .all(filters.map(trackCondition))
        case .not, .base, .modifiedSince:
            return .always
        case .compare(let subject, let comparison, let value, let foldCase):
            let fields: [TrackCondition.Field]
            switch subject {
            case .any: fields = Self.tagFields.map(\.field)
            case .tag(let tag): fields = Self.fields(of: tag)
            case .file:
                // A library file's URI is its path under the music directory; an episode's is
                // its audio's URL, which SQL does not hold.
                guard comparison == .equals, !foldCase, !value.contains("://") else { return .always }
                return .equals(.path, musicDirectory + "/" + value)
            }
            guard !fields.isEmpty else { return .always }
            switch comparison {
            case .equals where !foldCase: return .any(fields.map { .equals($0, value) })
            case .equals, .contains: return .containsFolded(fields, value)
            case .startsWith: return .any(fields.map { .startsWithFolded($0, value) })
            case .notEquals, .matches: return .always
            }
        }
    }

    /// The library fields a tag's values come from: `AlbumArtist` falls back to the artist.
    static func fields(of tag: MPDSong.Tag) -> [TrackCondition.Field] {
        let own = tagFields.filter { $0.tag == tag }.map(\.field)
        return tag == .albumArtist ? own + [.artist] : own
    }
}
