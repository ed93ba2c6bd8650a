import Benchmark
import Library

/// What `library.children`, `library.item` and `library.search` cost over a library of
/// 100,000 songs in SQLite (``LibraryFixture``): one call per sample, each at a fresh random
/// index path (or query) drawn before the clock starts, so the percentiles cover the whole
/// tree rather than one warm page.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 100,
        scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 20_000)
    Benchmark.setup = { _ = try LibraryFixture.shared.get() }

    let pageSize = 12
    for (label, limits) in [("", ContentLimits.default), (" (limits enforced)", ContentLimits(enforced: true))] {
        measure("Artists: page at a random offset\(label)", draw: { _, random in randomArtist(&random) }) {
            fixture, offset in
            try fixture.tree.children(of: [0, 0], offset: offset, limit: pageSize, limits: limits)
        }
        measure("Artists/artist: albums\(label)", draw: { _, random in [0, 0, randomArtist(&random)] }) {
            fixture, path in
            try fixture.tree.children(of: path, limit: pageSize, limits: limits)
        }
        measure(
            "Artists/artist/album: tracks\(label)",
            draw: { _, random in [0, 0, randomArtist(&random), randomArtistAlbum(&random)] }
        ) { fixture, path in
            try fixture.tree.children(of: path, limit: pageSize, limits: limits)
        }
        measure(
            "Artists/artist/album/track: item\(label)",
            draw: { _, random in
                [0, 0, randomArtist(&random), randomArtistAlbum(&random), randomAlbumTrack(&random)]
            }
        ) { fixture, path in
            try fixture.tree.item(at: path, limits: limits)
        }
        measure("Albums/album: tracks\(label)", draw: randomAlbumPath) { fixture, path in
            try fixture.tree.children(of: path, limit: pageSize, limits: limits)
        }
        measure("Albums/album: item\(label)", draw: randomAlbumPath) { fixture, path in
            try fixture.tree.item(at: path, limits: limits)
        }
        measure("Songs: page at a random offset\(label)", draw: { _, random in randomSong(&random) }) {
            fixture, offset in
            try fixture.tree.children(of: [0, 2], offset: offset, limit: pageSize, limits: limits)
        }
        measure("Songs/song: item\(label)", draw: { _, random in [0, 2, randomSong(&random)] }) { fixture, path in
            try fixture.tree.item(at: path, limits: limits)
        }
        measure("Genres/genre: page at a random offset\(label)", draw: randomGenreTrack) { fixture, position in
            try fixture.tree.children(
                of: [0, 3, position.genre], offset: position.track, limit: pageSize, limits: limits)
        }
        measure("Genres/genre/track: item\(label)", draw: randomGenreTrack) { fixture, position in
            try fixture.tree.item(at: [0, 3, position.genre, position.track], limits: limits)
        }
    }

    measure("LibraryStore.isEmpty(): the empty-library check of every resolution", draw: { _, _ in () }) {
        fixture, _ in
        try fixture.store.isEmpty()
    }
    measure(
        "Songs: page of 100 at a random offset",
        draw: { _, random in Int.random(in: 0...(SyntheticLibrary.songCount - 100), using: &random) }
    ) { fixture, offset in
        try fixture.tree.children(of: [0, 2], offset: offset, limit: 100, limits: .default)
    }
    for words in 1...3 {
        measure(
            "search: \(words) word prefix\(words == 1 ? "" : "es"), 50 results",
            draw: { _, random in SyntheticLibrary.searchQuery(words: words, using: &random) }
        ) { fixture, query in
            try fixture.store.search(query, limit: 50)
        }
    }
}

/// Registers a benchmark whose every sample is one `operation` over the fixture, on an
/// input drawn at random (seeded by the name) before the clock starts.
private func measure<Input, Output>(
    _ name: String, draw: @escaping (LibraryFixture, inout SplitMix64) -> Input,
    _ operation: @escaping (LibraryFixture, Input) throws -> Output
) {
    var random = SplitMix64(seed: name.utf8.reduce(5_381) { $0 &* 33 &+ UInt64($1) })
    Benchmark(name) { benchmark in
        let fixture = try LibraryFixture.shared.get()
        let input = draw(fixture, &random)
        benchmark.startMeasurement()
        blackHole(try operation(fixture, input))
        benchmark.stopMeasurement()
    }
}

private func randomArtist(_ random: inout SplitMix64) -> Int {
    Int.random(in: 0..<SyntheticLibrary.artistCount, using: &random)
}

private func randomArtistAlbum(_ random: inout SplitMix64) -> Int {
    Int.random(in: 0..<SyntheticLibrary.albumsPerArtist, using: &random)
}

private func randomAlbumTrack(_ random: inout SplitMix64) -> Int {
    Int.random(in: 0..<SyntheticLibrary.tracksPerAlbum, using: &random)
}

private func randomSong(_ random: inout SplitMix64) -> Int {
    Int.random(in: 0..<SyntheticLibrary.songCount, using: &random)
}

/// `Albums/album`.
private func randomAlbumPath(_ fixture: LibraryFixture, _ random: inout SplitMix64) -> [Int] {
    [0, 1, Int.random(in: 0..<fixture.albumCount, using: &random)]
}

/// A genre and a position among its tracks.
private func randomGenreTrack(_ fixture: LibraryFixture, _ random: inout SplitMix64) -> (genre: Int, track: Int) {
    let genre = Int.random(in: 0..<fixture.genres.count, using: &random)
    return (genre, Int.random(in: 0..<fixture.genres[genre].trackCount, using: &random))
}
