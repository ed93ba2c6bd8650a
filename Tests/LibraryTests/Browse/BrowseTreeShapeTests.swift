import Library
import Testing

/// What one index path of the sample library shows.
struct ExpectedItem: CustomTestStringConvertible, Sendable {
    var path: String
    var title: String
    var subtitle: String?
    var container: Bool
    var playable: Bool
    var children: Int
    var streaming = false

    var testDescription: String { "\(path) \(title)" }
}

private func expect(
    _ path: String, _ title: String, _ subtitle: String?, container: Bool = true, playable: Bool, children: Int
) -> ExpectedItem {
    ExpectedItem(
        path: path, title: title, subtitle: subtitle, container: container, playable: playable, children: children)
}

private func track(_ path: String, _ title: String, _ subtitle: String?) -> ExpectedItem {
    ExpectedItem(path: path, title: title, subtitle: subtitle, container: false, playable: true, children: 0)
}

private func station(_ path: String, _ name: String, _ host: String) -> ExpectedItem {
    ExpectedItem(
        path: path, title: name, subtitle: host, container: false, playable: true, children: 0, streaming: true)
}

@Suite struct BrowseTreeShapeTests {
    static let table: [ExpectedItem] = [
        expect("0", "Library", nil, playable: false, children: 5),
        expect("1", "Playlists", "2 playlists", playable: false, children: 2),
        expect("2", "Podcasts & Books", "2 shows", playable: false, children: 2),
        expect("3", "Radio", "3 stations", playable: true, children: 3),
        expect("0.0", "Artists", "5 artists", playable: false, children: 5),
        expect("0.1", "Albums", "7 albums", playable: false, children: 7),
        expect("0.2", "Songs", "16 songs", playable: true, children: 16),
        expect("0.3", "Genres", "4 genres", playable: false, children: 4),
        expect("0.4", "Recently Played", "3 songs", playable: true, children: 3),
        expect("0.0.0", "ABBA", "1 album", playable: false, children: 1),
        expect("0.0.1", "The Beatles", "3 albums", playable: false, children: 3),
        expect("0.0.2", "björk", "1 album", playable: false, children: 1),
        expect("0.0.3", "Édith Piaf", "1 album", playable: false, children: 1),
        expect("0.0.4", "Zucchero", "1 album", playable: false, children: 1),
        expect("0.0.1.0", "Help!", "The Beatles · 1965", playable: true, children: 2),
        expect("0.0.1.1", "The Beatles", "The Beatles · 1968", playable: true, children: 4),
        expect("0.0.1.2", "Abbey Road", "The Beatles · 1969", playable: true, children: 2),
        expect("0.0.3.0", "La Vie en rose", "Édith Piaf", playable: true, children: 2),
        track("0.0.1.0.0", "Help!", "The Beatles — Help!"),
        track("0.0.1.0.1", "Yesterday", "The Beatles — Help!"),
        track("0.0.1.1.0", "Back in the U.S.S.R.", "The Beatles — The Beatles"),
        track("0.0.1.1.1", "Dear Prudence", "The Beatles — The Beatles"),
        track("0.0.1.1.2", "Birthday", "The Beatles — The Beatles"),
        track("0.0.1.1.3", "Yer Blues", "The Beatles — The Beatles"),
        track("0.0.0.0.0", "When I Kissed the Teacher", "ABBA — Arrival"),
        expect("0.1.0", "Help!", "The Beatles · 1965", playable: true, children: 2),
        expect("0.1.1", "The Beatles", "The Beatles · 1968", playable: true, children: 4),
        expect("0.1.2", "Abbey Road", "The Beatles · 1969", playable: true, children: 2),
        expect("0.1.3", "Arrival", "ABBA · 1976", playable: true, children: 2),
        expect("0.1.4", "Oro Incenso & Birra", "Zucchero · 1989", playable: true, children: 1),
        expect("0.1.5", "Debut", "björk · 1993", playable: true, children: 2),
        expect("0.1.6", "La Vie en rose", "Édith Piaf", playable: true, children: 2),
        track("0.1.5.0", "Human Behaviour", "björk — Debut"),
        track("0.2.0", "Back in the U.S.S.R.", "The Beatles — The Beatles"),
        track("0.2.8", "Hymne à l'amour", "Édith Piaf — La Vie en rose"),
        track("0.2.12", "Waterloo", "ABBA"),
        track("0.2.15", "Yesterday", "The Beatles — Help!"),
        expect("0.3.0", "Chanson", "2 songs", playable: true, children: 2),
        expect("0.3.1", "Electronic", "2 songs", playable: true, children: 2),
        expect("0.3.2", "Pop", "3 songs", playable: true, children: 3),
        expect("0.3.3", "Rock", "8 songs", playable: true, children: 8),
        track("0.3.2.0", "When I Kissed the Teacher", "ABBA — Arrival"),
        track("0.3.2.1", "Dancing Queen", "ABBA — Arrival"),
        track("0.3.2.2", "Waterloo", "ABBA"),
        track("0.3.3.0", "Help!", "The Beatles — Help!"),
        track("0.3.3.7", "Something", "The Beatles — Abbey Road"),
        expect("1.0", "Road Trip", "4 songs", playable: true, children: 4),
        expect("1.1", "Workout", "0 songs", playable: false, children: 0),
        track("1.0.0", "Come Together", "The Beatles — Abbey Road"),
        track("1.0.1", "Dancing Queen", "ABBA — Arrival"),
        track("1.0.2", "Wrath of the Khans", "Dan Carlin — Hardcore History"),
        track("1.0.3", "Diavolo in me", "Zucchero — Oro Incenso & Birra"),
        expect("2.0", "Hardcore History", "Dan Carlin", playable: true, children: 3),
        expect("2.1", "Moby-Dick", "Herman Melville", playable: true, children: 2),
        track("2.0.0", "Wrath of the Khans", "Dan Carlin — Hardcore History"),
        track("2.0.1", "Blueprint for Armageddon", "Dan Carlin — Hardcore History"),
        track("2.0.2", "Supernova in the East", "Dan Carlin — Hardcore History"),
        track("2.1.0", "Loomings", "Herman Melville — Moby-Dick"),
        track("0.4.0", "Blueprint for Armageddon", "Dan Carlin — Hardcore History"),
        track("0.4.1", "Yesterday", "The Beatles — Help!"),
        track("0.4.2", "Venus as a Boy", "björk — Debut"),
        station("3.0", "BBC Radio 6 Music", "stream.live.vc.bbcmedia.co.uk"),
        station("3.1", "fip", "icecast.radiofrance.fr"),
        station("3.2", "Radio Paradise", "stream.radioparadise.com"),
    ]

    /// Each listed index path shows the expected title, subtitle, kind and number of children.
    @Test(arguments: table) func pathShowsExpectedItem(_ expected: ExpectedItem) throws {
        let tree = SampleLibrary.tree()
        let path = indexPath(expected.path)
        let item = try tree.item(at: path, limits: .default)
        #expect(item.title == expected.title)
        #expect(item.subtitle == expected.subtitle)
        #expect(item.isContainer == expected.container)
        #expect(item.isPlayable == expected.playable)
        #expect(item.isStreamingContent == expected.streaming)
        #expect(!item.isExplicitContent)
        #expect(try tree.count(at: path, limits: .default) == expected.children)
    }

    /// The root lists the four fixed containers (a car's tab bar), Radio last, in their fixed
    /// order, with their identifiers.
    @Test func rootHoldsTheFourFixedContainers() throws {
        let page = try SampleLibrary.tree().children(of: [], limits: .default)
        #expect(page.items.map(\.title) == ["Library", "Playlists", "Podcasts & Books", "Radio"])
        #expect(page.items.map(\.identifier) == ["rondo:library", "rondo:playlists", "rondo:spoken", "rondo:radio"])
        #expect(page.total == 4)
        #expect(!page.limited)
    }

    /// Library lists Artists, Albums, Songs, Genres and Recently Played with their identifiers.
    @Test func libraryHoldsItsFiveLists() throws {
        let page = try SampleLibrary.tree().children(of: [0], limits: .default)
        #expect(page.items.map(\.title) == ["Artists", "Albums", "Songs", "Genres", "Recently Played"])
        #expect(
            page.items.map(\.identifier) == [
                "rondo:library:artists", "rondo:library:albums", "rondo:library:songs", "rondo:library:genres",
                "rondo:recent",
            ])
    }

    /// Radio lists the stations by name, case and accents folded, each a playable stream
    /// that is no container, subtitled with its URL's host.
    @Test func radioListsTheStationsByName() throws {
        let page = try SampleLibrary.tree().children(of: [3], limits: .default)
        #expect(page.items.map(\.title) == ["BBC Radio 6 Music", "fip", "Radio Paradise"])
        #expect(
            page.items.map(\.identifier) == [
                "rondo:station:http://stream.live.vc.bbcmedia.co.uk/bbc_6music",
                "rondo:station:http://icecast.radiofrance.fr/fip-midfi.mp3",
                "rondo:station:https://stream.radioparadise.com/mp3-192",
            ])
        #expect(page.items.allSatisfy { $0.isPlayable && !$0.isContainer && $0.isStreamingContent })
    }

    /// Artists sort by name with "The " ignored and case and accents folded.
    @Test func artistsSortByFoldedNameWithoutThe() throws {
        let page = try SampleLibrary.tree().children(of: [0, 0], limits: .default)
        #expect(page.items.map(\.title) == ["ABBA", "The Beatles", "björk", "Édith Piaf", "Zucchero"])
    }

    /// Spoken word stays out of Songs and Genres, and an unknown genre makes no genre.
    @Test func spokenWordStaysOutOfMusicLists() throws {
        let tree = SampleLibrary.tree()
        let songs = try tree.children(of: [0, 2], limits: .default).items
        #expect(!songs.contains { $0.title == "Loomings" })
        #expect(
            try tree.children(of: [0, 3], limits: .default).items.map(\.title) == [
                "Chanson", "Electronic", "Pop", "Rock",
            ])
    }

    /// Albums and tracks carry their artwork; a show carries the cover of its first episode that has one.
    @Test func artworkComesFromTheCatalog() throws {
        let tree = SampleLibrary.tree()
        #expect(try tree.item(at: [0, 1, 0], limits: .default).artwork == SampleLibrary.helpCover)
        #expect(try tree.item(at: [0, 1, 0, 0], limits: .default).artwork == SampleLibrary.helpCover)
        #expect(try tree.item(at: [0, 1, 0, 1], limits: .default).artwork == nil)
        #expect(try tree.item(at: [2, 0], limits: .default).artwork == SampleLibrary.historyCover)
        #expect(try tree.item(at: [0, 0, 1], limits: .default).artwork == nil)
    }
}
