/// The ID3v1 genre numbers and the references to them that ID3v2 TCON frames carry.
///
/// Numbers 0–79 are the ID3v1 standard list, 80–147 the Winamp extensions every tagger
/// writes; the names are those of the lists `lame --genre-list` and libid3tag print.
public enum ID3Genre {
    /// The name of ID3v1 genre `number`, `nil` for numbers outside the list (255 means none).
    public static func name(_ number: Int) -> String? {
        names.indices.contains(number) ? names[number] : nil
    }

    /// The genre a TCON frame's text means, or `nil` when it names none.
    ///
    /// Resolves ID3v2.3 references (`(13)` is Pop, `(RX)` Remix, `(CR)` Cover), where a
    /// refinement after them wins (`(4)Eurodisco` is Eurodisco) and `((` starts literal text;
    /// bare ID3v2.4 numbers (`13`); and several values (separated by NUL or the line break
    /// libmpg123 puts between ID3v2.4 strings), joined by `, ` without repeats.
    public static func resolve(_ text: String) -> String? {
        var genres: [String] = []
        for value in text.split(whereSeparator: { $0 == "\0" || $0 == "\n" }) {
            for genre in resolve(value: Substring(value)) where !genres.contains(genre) { genres.append(genre) }
        }
        return genres.isEmpty ? nil : genres.joined(separator: ", ")
    }

    private static func resolve(value: Substring) -> [String] {
        var rest = value.drop { $0 == " " }
        var references: [String] = []
        while rest.hasPrefix("("), !rest.hasPrefix("(("), let close = rest.firstIndex(of: ")"),
            let genre = reference(rest[rest.index(after: rest.startIndex)..<close])
        {
            references.append(genre)
            rest = rest[rest.index(after: close)...]
        }
        if rest.hasPrefix("((") { rest = rest.dropFirst() }
        let refinement = trimmed(rest)
        guard !refinement.isEmpty else { return references }
        if references.isEmpty, let genre = reference(refinement) { return [genre] }
        return [String(refinement)]
    }

    /// What a number or keyword in parentheses (or bare, in ID3v2.4) stands for.
    private static func reference(_ token: Substring) -> String? {
        switch token {
        case "RX": "Remix"
        case "CR": "Cover"
        default: Int(token).flatMap(name)
        }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " } ?? text.endIndex
        let end = text.lastIndex { $0 != " " }.map(text.index(after:)) ?? start
        return text[start..<end]
    }

    private static let names: [String] = [
        "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk",
        "Grunge", "Hip-Hop", "Jazz", "Metal", "New Age", "Oldies",
        "Other", "Pop", "R&B", "Rap", "Reggae", "Rock",
        "Techno", "Industrial", "Alternative", "Ska", "Death Metal", "Pranks",
        "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop", "Vocal", "Jazz+Funk",
        "Fusion", "Trance", "Classical", "Instrumental", "Acid", "House",
        "Game", "Sound Clip", "Gospel", "Noise", "Alternative Rock", "Bass",
        "Soul", "Punk", "Space", "Meditative", "Instrumental Pop", "Instrumental Rock",
        "Ethnic", "Gothic", "Darkwave", "Techno-Industrial", "Electronic", "Pop-Folk",
        "Eurodance", "Dream", "Southern Rock", "Comedy", "Cult", "Gangsta",
        "Top 40", "Christian Rap", "Pop/Funk", "Jungle", "Native US", "Cabaret",
        "New Wave", "Psychedelic", "Rave", "Showtunes", "Trailer", "Lo-Fi",
        "Tribal", "Acid Punk", "Acid Jazz", "Polka", "Retro", "Musical",
        "Rock & Roll", "Hard Rock", "Folk", "Folk-Rock", "National Folk", "Swing",
        "Fast Fusion", "Bebob", "Latin", "Revival", "Celtic", "Bluegrass",
        "Avantgarde", "Gothic Rock", "Progressive Rock", "Psychedelic Rock", "Symphonic Rock", "Slow Rock",
        "Big Band", "Chorus", "Easy Listening", "Acoustic", "Humour", "Speech",
        "Chanson", "Opera", "Chamber Music", "Sonata", "Symphony", "Booty Bass",
        "Primus", "Porn Groove", "Satire", "Slow Jam", "Club", "Tango",
        "Samba", "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul", "Freestyle",
        "Duet", "Punk Rock", "Drum Solo", "A Cappella", "Euro-House", "Dance Hall",
        "Goa", "Drum & Bass", "Club-House", "Hardcore", "Terror", "Indie",
        "BritPop", "Negerpunk", "Polsk Punk", "Beat", "Christian Gangsta", "Heavy Metal",
        "Black Metal", "Crossover", "Contemporary Christian", "Christian Rock", "Merengue", "Salsa",
        "Thrash Metal", "Anime", "JPop", "SynthPop",
    ]
}
