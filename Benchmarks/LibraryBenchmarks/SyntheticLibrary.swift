import Library

/// A made-up music library of a fixed shape: 2,000 artists × 5 albums × 10 tracks (100,000
/// songs) over 24 genres, 20 spoken-word shows of 25 episodes, and one playlist of 200 songs.
///
/// Names come from a small vocabulary (a few accented, every tenth artist "The …"), so
/// search prefixes match hundreds to thousands of rows, as in a real library. The same seed
/// gives the same library, file for file.
struct SyntheticLibrary {
    static let artistCount = 2_000
    static let albumsPerArtist = 5
    static let tracksPerAlbum = 10
    static let songCount = artistCount * albumsPerArtist * tracksPerAlbum
    static let showCount = 20
    static let episodesPerShow = 25
    static let playlistLength = 200
    static let playlistName = "Road Trip"

    /// One audio file: where it lies under the music directory and the tags it carries.
    struct File {
        let relativePath: String
        let tags: ScannedTags
    }

    /// Every audio file, songs first, then episodes.
    private(set) var files: [File] = []
    /// The playlist's entries, paths relative to the music directory.
    private(set) var playlistEntries: [String] = []

    init(seed: UInt64 = 0x526F_6E64) {
        var random = SplitMix64(seed: seed)
        let artistNames = Self.artistNames()
        for (artistIndex, artist) in artistNames.enumerated() {
            let genre = Self.genres[artistIndex % Self.genres.count]
            var albumTitles: Set<String> = []
            while albumTitles.count < Self.albumsPerArtist {
                albumTitles.insert(Self.phrase(words: Int.random(in: 1...3, using: &random), using: &random))
            }
            for albumTitle in albumTitles.sorted() {
                let year = Int.random(in: 1960...2025, using: &random)
                for number in 1...Self.tracksPerAlbum {
                    let title = Self.phrase(words: Int.random(in: 1...4, using: &random), using: &random)
                    let featuring = number == 7 && artistIndex % 4 == 0
                    let trackArtist =
                        featuring ? "\(artist) feat. \(artistNames.randomElement(using: &random)!)" : artist
                    files.append(
                        File(
                            relativePath: "\(artist)/\(albumTitle)/\(Self.twoDigits(number)) \(title).mp3",
                            tags: ScannedTags(
                                title: title,
                                artist: trackArtist,
                                albumTitle: albumTitle, albumArtist: artist, genre: genre, trackNumber: number,
                                year: year, duration: Double.random(in: 120...420, using: &random).rounded(),
                                sampleRate: 44_100, channels: 2)))
                }
            }
        }
        for showIndex in 0..<Self.showCount {
            let show = "The \(Self.phrase(words: 2, using: &random)) Hour \(showIndex + 1)"
            for episode in 1...Self.episodesPerShow {
                let title = "Episode \(episode): \(Self.phrase(words: 3, using: &random))"
                files.append(
                    File(
                        relativePath: "Podcasts/\(show)/\(Self.twoDigits(episode)) \(title).mp3",
                        tags: ScannedTags(
                            title: title, albumTitle: show, albumArtist: "Host \(showIndex + 1)", genre: "Podcast",
                            trackNumber: episode, year: 2020 + showIndex % 5, duration: 1_800, sampleRate: 44_100,
                            channels: 1)))
            }
        }
        playlistEntries = (0..<Self.playlistLength).map { _ in
            files[Int.random(in: 0..<Self.songCount, using: &random)].relativePath
        }
    }

    /// The playlist file's path under the music directory.
    static var playlistPath: String { "Playlists/\(playlistName).m3u" }

    /// The playlist file's text: one entry per line, relative to the playlist's folder.
    var playlistText: String {
        "#EXTM3U\n" + playlistEntries.map { "../\($0)\n" }.joined()
    }

    static let genres = [
        "Ambient", "Blues", "Bossa Nova", "Classical", "Country", "Dub", "Electronic", "Folk", "Funk", "Gospel",
        "Hip-Hop", "House", "Indie", "Jazz", "Latin", "Metal", "Pop", "Punk", "R&B", "Reggae", "Rock", "Soul",
        "Techno", "World",
    ]

    private static let vocabulary = [
        "after", "amber", "angel", "autumn", "blue", "broken", "café", "candle", "city", "cold", "crystal", "dance",
        "dawn", "desert", "dream", "echo", "electric", "empty", "évasion", "fire", "forever", "garden", "ghost",
        "gold", "harbor", "heart", "highway", "hollow", "honey", "horizon", "ice", "island", "jade", "kingdom",
        "lantern", "last", "light", "little", "lonely", "lost", "love", "midnight", "mirror", "moon", "morning",
        "neon", "night", "ocean", "orchid", "paper", "quiet", "rain", "red", "river", "road", "rose", "señor",
        "shadow", "silver", "sky", "slow", "snow", "song", "spring", "star", "stone", "storm", "summer", "sun",
        "sweet", "tide", "train", "velvet", "violet", "wave", "west", "whisper", "wild", "wind", "winter", "wolf",
        "young",
    ]

    private static let firstNames = [
        "Ada", "Alba", "Ana", "Bea", "Bruno", "Carla", "Dario", "Elena", "Émile", "Felix", "Gina", "Hugo", "Ines",
        "Ivan", "Jonas", "Kira", "Lena", "Luca", "Mara", "Milo", "Nina", "Noah", "Olga", "Oscar", "Paula", "Pedro",
        "Quinn", "Rosa", "Rui", "Sara", "Sofia", "Théo", "Tina", "Uma", "Vera", "Vito", "Wanda", "Xavi", "Yara",
        "Zoé",
    ]

    private static let surnames = [
        "Alvarez", "Baker", "Berg", "Costa", "Dahl", "Duval", "Eriksen", "Fischer", "García", "Hale", "Ito", "Jansen",
        "Kowalski", "Laurent", "Lind", "Moreau", "Müller", "Novak", "Okafor", "Petrov", "Quint", "Rossi", "Santos",
        "Schulz", "Silva", "Stone", "Tanaka", "Varga", "Weber", "Young", "Ziegler", "Abbott", "Brandt", "Cruz",
        "Dupont", "Engel", "Ferreira", "Gallo", "Holm", "Ibarra", "Kato", "Lopes", "Marino", "Nagy", "Olsen",
        "Pereira", "Richter", "Sousa", "Torres", "Vogel",
    ]

    /// 2,000 distinct names: every first name with every surname; every tenth a band, "The …".
    private static func artistNames() -> [String] {
        var names: [String] = []
        for surname in surnames {
            for first in firstNames {
                names.append(names.count % 10 == 9 ? "The \(surname) \(first)s" : "\(first) \(surname)")
            }
        }
        return names
    }

    /// `words` capitalised words of the vocabulary.
    private static func phrase(words: Int, using random: inout SplitMix64) -> String {
        (0..<words).map { _ in
            let word = vocabulary.randomElement(using: &random)!
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// Prefixes of `words` vocabulary words as a user types them: "mid", "sil ri".
    static func searchQuery(words: Int, using random: inout SplitMix64) -> String {
        (0..<words).map { _ in
            let word = vocabulary.randomElement(using: &random)!
            return String(word.prefix(Int.random(in: 2...4, using: &random)))
        }.joined(separator: " ")
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}

/// A small, fast, seedable generator, so that a library and a run's index paths are the
/// same from run to run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Tags read from the synthetic library's table instead of the files, which are empty: the
/// scanner walks, stamps and writes them exactly as it would real MP3s.
struct SyntheticTagReader: TagReader {
    /// Tags by absolute path.
    let tagsByPath: [String: ScannedTags]

    func readTags(at path: String) throws(TagReadFailure) -> ScannedTags {
        guard let tags = tagsByPath[path] else { throw .notMP3 }
        return tags
    }
}
