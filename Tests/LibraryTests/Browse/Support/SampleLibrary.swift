import Library

/// A small library that exercises every ordering rule: "The Beatles" under B, accents and case
/// folded, an album without a year (last), a two-disc album tagged out of order, a single
/// without an album, a genre spelled two ways, spoken word in every state of progress, a
/// playlist with a missing entry and one with none left, a Recently Played list, and radio
/// stations (one named in lower case, to sort among the others).
enum SampleLibrary {
    static let musicDirectory = "/home/ada/Music"
    static let helpCover = CatalogArtwork(path: "/cache/help.jpg", mimeType: "image/jpeg", width: 600, height: 600)
    static let historyCover = CatalogArtwork(path: "/cache/hh.png", mimeType: "image/png", width: nil, height: nil)

    static var fixture: CatalogFixture {
        CatalogFixture(
            tracks: music + spokenWord,
            playlists: [
                .init(name: "Workout", paths: ["/music/gone.mp3"]),
                .init(
                    name: "Road Trip",
                    paths: [
                        path("Abbey Road", "Come Together"), "/music/missing.mp3", path("Arrival", "Dancing Queen"),
                        path("Hardcore History", "Wrath of the Khans"), path("Oro Incenso & Birra", "Diavolo in me"),
                    ]),
            ],
            recentlyPlayed: [
                path("Hardcore History", "Blueprint for Armageddon"), path("Help!", "Yesterday"),
                path("Debut", "Venus as a Boy"),
            ],
            finishedEpisodes: ["Hardcore History": 1],
            stations: stations)
    }

    /// The radio stations, in the order they were added.
    static let stations: [(name: String, url: String)] = [
        ("Radio Paradise", "https://stream.radioparadise.com/mp3-192"),
        ("fip", "http://icecast.radiofrance.fr/fip-midfi.mp3"),
        ("BBC Radio 6 Music", "http://stream.live.vc.bbcmedia.co.uk/bbc_6music"),
    ]

    static func catalog() -> InMemoryCatalog { InMemoryCatalog(fixture) }

    static func tree(_ catalog: InMemoryCatalog = catalog()) -> BrowseTree {
        BrowseTree(catalog: catalog, musicDirectory: musicDirectory)
    }

    static func path(_ album: String, _ title: String) -> String { "/music/\(album)/\(title).mp3" }

    private static func song(
        _ title: String, _ artist: String, _ album: String?, _ genre: String?, disc: Int? = nil, number: Int?,
        year: Int?, artwork: CatalogArtwork? = nil
    ) -> CatalogFixture.Track {
        CatalogFixture.Track(
            path: path(album ?? "Singles", title), title: title, artist: artist, album: album, genre: genre, disc: disc,
            number: number, year: year, artwork: artwork)
    }

    private static let music: [CatalogFixture.Track] = [
        song("Yesterday", "The Beatles", "Help!", "Rock", number: 13, year: 1965),
        song("Help!", "The Beatles", "Help!", "Rock", number: 1, year: 1965, artwork: helpCover),
        song("Birthday", "The Beatles", "The Beatles", "Rock", disc: 2, number: 1, year: 1968),
        song("Yer Blues", "The Beatles", "The Beatles", "Rock", disc: 2, number: 2, year: 1968),
        song("Dear Prudence", "The Beatles", "The Beatles", "Rock", disc: 1, number: 2, year: 1968),
        song("Back in the U.S.S.R.", "The Beatles", "The Beatles", "Rock", disc: 1, number: 1, year: 1968),
        song("Come Together", "The Beatles", "Abbey Road", "Rock", number: 1, year: 1969),
        song("Something", "The Beatles", "Abbey Road", "Rock", number: 2, year: 1969),
        song("Dancing Queen", "ABBA", "Arrival", "Pop", number: 2, year: 1976),
        song("When I Kissed the Teacher", "ABBA", "Arrival", "Pop", number: 1, year: 1976),
        song("Waterloo", "ABBA", nil, "Pop", number: nil, year: 1974),
        song("Venus as a Boy", "björk", "Debut", "Electronic", number: 3, year: 1993),
        song("Human Behaviour", "björk", "Debut", "Electronic", number: 1, year: 1993),
        song("La Vie en rose", "Édith Piaf", "La Vie en rose", "Chanson", number: 1, year: nil),
        song("Hymne à l'amour", "Édith Piaf", "La Vie en rose", "chanson", number: 2, year: nil),
        song("Diavolo in me", "Zucchero", "Oro Incenso & Birra", nil, number: 1, year: 1989),
    ]

    private static func episode(
        _ title: String, _ show: String, _ author: String, number: Int, duration: Double?, resume: Double?,
        artwork: CatalogArtwork? = nil
    ) -> CatalogFixture.Track {
        CatalogFixture.Track(
            path: path(show, title), title: title, artist: author, album: show, genre: "Podcast", number: number,
            duration: duration, spokenWord: true, resumePosition: resume, artwork: artwork)
    }

    private static let spokenWord: [CatalogFixture.Track] = [
        episode("Supernova in the East", "Hardcore History", "Dan Carlin", number: 3, duration: 5000, resume: nil),
        episode(
            "Wrath of the Khans", "Hardcore History", "Dan Carlin", number: 1, duration: 3600, resume: 3600,
            artwork: historyCover),
        episode("Blueprint for Armageddon", "Hardcore History", "Dan Carlin", number: 2, duration: 4000, resume: 1000),
        episode("Loomings", "Moby-Dick", "Herman Melville", number: 1, duration: nil, resume: 30),
        episode("The Carpet-Bag", "Moby-Dick", "Herman Melville", number: 2, duration: 600, resume: 900),
    ]
}
