import Library
import RondoTesting

/// Random libraries from a seed: a few artists with albums of a few tracks, some years and
/// genres missing, spoken-word shows, playlists that mention missing files, a Recently Played
/// list, radio stations. The same seed gives the same library.
enum RandomLibrary {
    static func fixture(_ random: inout SplitMix64) -> CatalogFixture {
        var fixture = CatalogFixture()
        let names = ["The Who", "the the", "Ólafur", "Muse", "muse", "Air", "Zaz", "Æther", "", "The"]
        let genres: [String?] = ["Rock", "rock", "Jazz", nil, "Ambient"]
        for artist in 0..<Int.random(in: 0...4, using: &random) {
            let name = names.randomElement(using: &random)! + (random.next() % 3 == 0 ? "" : " \(artist)")
            for album in 0..<Int.random(in: 0...3, using: &random) {
                let year = random.next() % 3 == 0 ? nil : Int.random(in: 1960...1965, using: &random)
                for number in 0..<Int.random(in: 1...4, using: &random) {
                    fixture.tracks.append(
                        CatalogFixture.Track(
                            path: "/r/\(artist)/\(album)/\(number).mp3",
                            title: "T\(Int.random(in: 0...9, using: &random))",
                            artist: name, album: random.next() % 8 == 0 ? nil : "Album \(album)",
                            genre: genres.randomElement(using: &random)!, disc: Int.random(in: 1...2, using: &random),
                            number: number, year: year))
                }
            }
        }
        for show in 0..<Int.random(in: 0...2, using: &random) {
            for episode in 0..<Int.random(in: 1...3, using: &random) {
                fixture.tracks.append(
                    CatalogFixture.Track(
                        path: "/r/show\(show)/\(episode).mp3", title: "E\(episode)", artist: "Host",
                        album: "Show \(show)",
                        number: episode, spokenWord: true,
                        resumePosition: Double(Int.random(in: 0...300, using: &random))))
            }
        }
        let paths = fixture.tracks.map(\.path) + ["/missing.mp3"]
        for playlist in 0..<Int.random(in: 0...2, using: &random) {
            let members = (0..<Int.random(in: 0...5, using: &random)).map { _ in paths.randomElement(using: &random)! }
            fixture.playlists.append(CatalogFixture.Playlist(name: "List \(playlist)", paths: members))
        }
        fixture.recentlyPlayed = Array(fixture.tracks.map(\.path).shuffled(using: &random).prefix(4))
        for station in 0..<Int.random(in: 0...3, using: &random) {
            fixture.stations.append((["Jazz", "jazz", "Éclair", "Zed"].randomElement(using: &random)!, "http://s/\(station)"))
        }
        return fixture
    }

    /// A path that is often valid and sometimes not: each component usually picks a child,
    /// sometimes goes one past the end, below a leaf, or negative.
    static func path(in tree: BrowseTree, _ random: inout SplitMix64) throws -> [Int] {
        var path: [Int] = []
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let count = (try? tree.count(at: path, limits: .default)) ?? 0
            switch random.next() % 10 {
            case 0: path.append(count)
            case 1: path.append(-Int.random(in: 1...3, using: &random))
            default: path.append(count == 0 ? 0 : Int.random(in: 0..<count, using: &random))
            }
        }
        return path
    }
}
