import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import SinkMonitor
import Testing

/// `rondo play --search` by ear (SPEC §15): each song of the library is a tone of its own, so
/// what the monitor hears says which song plays. An artist plays their songs (shuffled), an
/// album from its first track, a song then the rest of its album, a book from its start; an
/// empty query resumes what was paused; a query that matches nothing says so and changes
/// nothing.
@Suite(
    .serialized("its tests listen at the monitor: one at a time, so their ears never share the CPU"),
    .sameOnEveryAudioServer("which tracks a query queues; the ear only tells which plays"))
struct PlayFromSearchTests {
    /// Each song's title and the tone it plays.
    static let songs: [(title: String, frequency: Int)] = [
        ("Opening", 500), ("Second Song", 600), ("Third Song", 700), ("Again", 800), ("Elsewhere", 900), ("Part One", 300),
        ("Part Two", 350),
    ]

    private static func makeMusic() throws -> MusicDirectory {
        let music = try MusicDirectory()
        let tone = { (title: String) in songs.first { $0.title == title }!.frequency }
        for (index, title) in ["Opening", "Second Song", "Third Song"].enumerated() {
            try music.add(
                "testers/first/\(index + 1).mp3", title: title, artist: "The Testers", album: "First Light", year: 2001,
                track: index + 1, frequency: tone(title), seconds: 4)
        }
        try music.add(
            "testers/later/1.mp3", title: "Again", artist: "The Testers", album: "Later Light", year: 2005, track: 1,
            frequency: tone("Again"), seconds: 4)
        try music.add("other/1.mp3", title: "Elsewhere", artist: "Other Band", album: "Away", track: 1, frequency: tone("Elsewhere"), seconds: 4)
        for (index, title) in ["Part One", "Part Two"].enumerated() {
            try music.add(
                "book/\(index + 1).mp3", title: title, artist: "A. Reader", album: "The Long Book", track: index + 1, genre: "Audiobook",
                frequency: tone(title), seconds: 4)
        }
        return music
    }

    /// Runs `rondo play --search QUERY`.
    private func search(_ query: String, _ bench: AudioTestBench) -> (status: Int32, stdout: String, stderr: String) {
        Subprocess.capture([BuiltProducts.rondo, "play", "--search", query], environment: ["RONDO_SOCKET": bench.daemon.socketPath])
    }

    /// The song whose tone the monitor hears now, if any.
    private func heardSong(_ bench: AudioTestBench) -> String? {
        let samples = bench.monitor.listen(for: 0.2)
        guard SignalAnalysis.level(samples) > silenceLevel else { return nil }
        let frequency = SignalAnalysis.dominantFrequency(samples, low: 250, high: 1000, step: 10)
        return Self.songs.first { abs(Double($0.frequency) - frequency) <= 10 }?.title
    }

    /// Waits until `title` is what now-playing shows and what the monitor hears.
    private func expectHeard(_ title: String, _ bench: AudioTestBench, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shown = try bench.wait(upTo: 3) { try bench.nowPlaying().info.title == title }
        #expect(shown, "now playing shows \(String(describing: try? bench.nowPlaying().info.title)), not \(title)", sourceLocation: sourceLocation)
        let heard = bench.wait(upTo: 3) { heardSong(bench) == title }
        #expect(heard, "heard \(heardSong(bench) ?? "nothing"), not \(title)", sourceLocation: sourceLocation)
    }

    private func queueTitles(_ bench: AudioTestBench) throws -> [String] {
        try bench.client.call(Methods.QueueGet.self, QueueGetParams()).items.map { $0.title ?? "?" }
    }

    @Test func playsWhatTheListenerAsksFor() throws {
        let music = try Self.makeMusic()
        defer { music.directory.remove() }
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", music.path])
        _ = try bench.client.scanLibrary()

        let artist = search("the testers", bench)
        #expect(artist.status == 0 && artist.stdout.contains("playing The Testers"), "\(artist)")
        let first = try #require(try bench.nowPlaying().info.title)
        try expectHeard(first, bench)
        #expect(Set(try queueTitles(bench)) == ["Opening", "Second Song", "Third Song", "Again"])

        #expect(search("First Light", bench).status == 0)
        try expectHeard("Opening", bench)
        #expect(try queueTitles(bench) == ["Opening", "Second Song", "Third Song"])

        let song = search("second song", bench)
        #expect(song.status == 0 && song.stdout.contains("playing Second Song"), "\(song)")
        try expectHeard("Second Song", bench)
        #expect(try queueTitles(bench) == ["Opening", "Second Song", "Third Song"])

        #expect(search("the long book", bench).status == 0)
        try expectHeard("Part One", bench)

        try bench.send(.pause)
        #expect(bench.wait(upTo: 2) { heardSong(bench) == nil })
        #expect(search("", bench).status == 0)
        try expectHeard("Part One", bench)

        let nothing = search("zzyzx", bench)
        #expect(nothing.status != 0 && nothing.stderr.contains("nothing in the library matches 'zzyzx'"), "\(nothing)")
        let result = try bench.client.call(Methods.PlayerPlayFromSearch.self, PlayerPlayFromSearchParams(query: "zzyzx"))
        #expect(result == PlayerPlayFromSearchResult(status: .noSuchContent))
        try expectHeard("Part One", bench)
    }
}
