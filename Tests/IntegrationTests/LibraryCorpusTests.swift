import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The library on a generated corpus (`Tests/Fixtures/make-library-corpus.sh`): a few
/// hundred tagged tracks across artists and albums, podcasts, a playlist, and files that are
/// empty, truncated, random bytes, text or carry a 16 MiB tag.
@Suite(.sameOnEveryAudioServer("the library's scan, problems and browse tree"))
struct LibraryCorpusTests {
    /// Generates the corpus in a fresh directory.
    static func makeCorpus(tracks: Int) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "rondo-corpus")
        let script = BuiltProducts.packageRoot + "/Tests/Fixtures/make-library-corpus.sh"
        let status = Subprocess.run(["/bin/bash", script, directory.path, "\(tracks)"])
        guard status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(script) failed: \(status)"])
        }
        return directory
    }

    /// The scan finishes, every bad file is a problem with its reason, the tree has SPEC §6's
    /// shape, counts agree with children, limits cap at 12 and cut at depth 3, and
    /// `rondo play 0.0.0.0.0` plays the first track of the first album of the first artist.
    @Test func corpusIsScannedBrowsedAndPlayed() throws {
        let corpus = try Self.makeCorpus(tracks: 300)
        let bench = try AudioTestBench(daemonArguments: ["--music-dir", corpus.path])
        let client = bench.client
        let scan = try client.scanLibrary()
        let problems = try client.call(Methods.LibraryProblems.self, Empty())
        #expect(scan.added >= 300)
        #expect(scan.problems == 5, "problems: \(problems.map { "\($0.path): \($0.reason)" })")

        let reasons = Dictionary(uniqueKeysWithValues: problems.map { (($0.path as NSString).lastPathComponent, $0.reason) })
        #expect(reasons["empty.mp3"]?.contains("empty") == true)
        #expect(reasons["truncated.mp3"]?.contains("truncated") == true)
        #expect(reasons["random.mp3"]?.contains("not an MP3") == true)
        #expect(reasons["text.mp3"]?.contains("not an MP3") == true)
        #expect(reasons["oversized-tag.mp3"]?.contains("oversized tag") == true)

        #expect(try client.children([]).items.map(\.title) == ["Library", "Playlists", "Podcasts & Books", "Radio"])
        #expect(try client.children([0]).items.map(\.title) == ["Artists", "Albums", "Songs", "Genres", "Recently Played"])
        #expect(try client.count([0, 0]) > 3)
        #expect(try client.count([1]) >= 1)
        #expect(try client.count([1, 0]) > 0)
        #expect(try client.count([2]) >= 1)
        #expect(try client.children([2, 0]).items.allSatisfy { $0.playbackProgress == 0 })
        let stats = try client.call(Methods.LibraryStats.self, Empty())
        #expect(try client.count([0, 2]) + stats.spokenWord == stats.tracks)
        for path in [[0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 1], [0, 1, 3], [0, 3], [0, 3, 0], [1, 0], [2, 0]] {
            let children = try client.children(path)
            #expect(try client.count(path) == children.total, "\(path)")
            #expect(children.items.count == children.total, "\(path)")
        }
        let albumsOfArtists = try (0..<client.count([0, 0])).reduce(0) { $0 + (try client.count([0, 0, $1])) }
        #expect(albumsOfArtists == (try client.count([0, 1])))

        _ = try client.call(Methods.ContextSet.self, ContentLimitsChange(enforced: true, itemLimit: 12, depthLimit: 3))
        let songs = try client.children([0, 2])
        #expect(songs.items.count == 12 && songs.limited && songs.total == stats.tracks - stats.spokenWord)
        #expect(client.failure(Methods.LibraryChildren.self, LibraryChildrenParams(indexPath: [0, 0, 0])) == .contentLimitExceeded)
        #expect(try client.children([0, 1]).items.count == 12)
        _ = try client.call(Methods.ContextSet.self, ContentLimitsChange(enforced: false))

        let first = try client.item([0, 0, 0, 0, 0])
        let run = Subprocess.capture([BuiltProducts.rondo, "--socket", bench.daemon.socketPath, "play", "0.0.0.0.0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(bench.wait(upTo: 3) { (try? bench.nowPlaying().playbackState) == .playing })
        #expect(try bench.nowPlaying().nowPlayingIdentifiers?.first == first.identifier)
        #expect(try bench.nowPlaying().info.title == first.title)
        #expect(bench.wait(upTo: 2) { bench.heardLevel(of: 440) > -40 || bench.heardLevel(of: 550) > -40 || bench.heardLevel(of: 660) > -40 })
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).count == (try client.count([0, 0, 0, 0])))
    }
}
