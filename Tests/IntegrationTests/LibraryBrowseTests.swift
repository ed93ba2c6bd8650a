import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// The library through the real daemon on a small music directory whose every tag is known:
/// the tree of SPEC §6, identifiers, content limits, search, rescans and the CLI.
@Suite
struct LibraryBrowseTests {
    /// Two artists ("The Zebras" sorts under Z, after "Abba"), three albums, a podcast folder
    /// and a playlist.
    static func makeMusic() throws -> MusicDirectory {
        let music = try MusicDirectory()
        try music.add("Zebras/Stripes/01.mp3", title: "Black", artist: "The Zebras", album: "Stripes", year: 2001, track: 1, genre: "Rock")
        try music.add("Zebras/Stripes/02.mp3", title: "White", artist: "The Zebras", album: "Stripes", year: 2001, track: 2, genre: "Rock")
        try music.add("Zebras/Early/01.mp3", title: "Foal", artist: "The Zebras", album: "Early", year: 1990, track: 1, genre: "Rock")
        try music.add("Abba/Gold/02.mp3", title: "Money", artist: "Abba", album: "Gold", year: 1992, track: 2, genre: "Pop")
        try music.add("Abba/Gold/01.mp3", title: "Dancing", artist: "Abba", album: "Gold", year: 1992, track: 1, genre: "Pop")
        try music.add("Podcasts/Show/ep1.mp3", title: "Episode One", artist: "Host", album: "The Show", track: 1, seconds: 6)
        try String("#EXTM3U\nZebras/Stripes/02.mp3\n\(music.path)/Abba/Gold/01.mp3\n").write(
            toFile: music.directory.appending("Mix.m3u"), atomically: true, encoding: .utf8)
        return music
    }

    /// The tree has SPEC §6's shape and orders, and counts agree with children everywhere.
    @Test func treeHasTheSpecShape() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        let scan = try client.scanLibrary(LibraryScanParams(full: true))
        #expect(scan.problems == 0)

        #expect(try client.children([]).items.map(\.title) == ["Library", "Playlists", "Podcasts & Books", "Radio"])
        #expect(try client.children([0]).items.map(\.title) == ["Artists", "Albums", "Songs", "Genres", "Recently Played"])
        #expect(try client.children([0, 0]).items.map(\.title) == ["Abba", "The Zebras"])
        #expect(try client.children([0, 0, 1]).items.map(\.title) == ["Early", "Stripes"])
        #expect(try client.children([0, 0, 0, 0]).items.map(\.title) == ["Dancing", "Money"])
        #expect(try client.children([0, 1]).items.map(\.title) == ["Early", "Gold", "Stripes"])
        #expect(try client.children([0, 2]).items.map(\.title) == ["Black", "Dancing", "Foal", "Money", "White"])
        #expect(try client.children([0, 3]).items.map(\.title) == ["Pop", "Rock"])
        #expect(try client.children([1]).items.map(\.title) == ["Mix"])
        #expect(try client.children([1, 0]).items.map(\.title) == ["White", "Dancing"])
        #expect(try client.children([2]).items.map(\.title) == ["The Show"])
        let episode = try client.item([2, 0, 0])
        #expect(episode.title == "Episode One")
        #expect(episode.playbackProgress == 0)
        #expect(try client.item([0, 0, 0, 0, 0]).isPlayable)
        #expect(try !client.item([0, 0, 0, 0, 0]).isContainer)

        try expectCountsAgree(client, at: [], depth: 5)
    }

    /// `library.count` equals `library.children`'s total and item count at every node.
    private func expectCountsAgree(_ client: RondoClient, at path: [Int], depth: Int) throws {
        let children = try client.children(path)
        #expect(try client.count(path) == children.total, "count at \(path)")
        #expect(children.items.count == children.total)
        guard depth > 0 else { return }
        for (index, item) in children.items.enumerated() where item.isContainer {
            try expectCountsAgree(client, at: path + [index], depth: depth - 1)
        }
    }

    /// Identifiers lead back to their items; `queue.append` takes one for a whole album.
    @Test func identifiersResolve() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        _ = try client.scanLibrary()
        for path in [[0], [0, 0, 1], [0, 0, 1, 1], [0, 0, 1, 1, 0], [1, 0], [2, 0, 0]] {
            let item = try client.item(path)
            #expect(try client.call(Methods.LibraryItemForIdentifier.self, IdentifierParams(identifier: item.identifier)) == item)
        }
        let album = try client.item([0, 0, 1, 1])
        #expect(try client.call(Methods.QueueAppend.self, QueueItemsParams(items: [album.identifier])).count == 2)
        let queued = try client.call(Methods.QueueGet.self, QueueGetParams()).items.map(\.title)
        #expect(queued == ["Black", "White"])
        #expect(client.failure(Methods.LibraryItemForIdentifier.self, IdentifierParams(identifier: "rondo:track:0")) == .notFound)
    }

    /// Paths that do not exist are `indexOutOfRange`, at every depth, and below a track.
    @Test func missingPathsAreOutOfRange() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        _ = try client.scanLibrary()
        for path in [[4], [0, 5], [3, 0], [0, 0, 2], [0, 0, 0, 1], [0, 0, 0, 0, 2], [-1]] {
            #expect(client.failure(Methods.LibraryItem.self, IndexPathParams(indexPath: path)) == .indexOutOfRange, "\(path)")
        }
        #expect(client.failure(Methods.LibraryChildren.self, LibraryChildrenParams(indexPath: [0, 0, 0, 0, 0, 0])) == .indexOutOfRange)
        #expect(client.failure(Methods.LibraryPlay.self, IndexPathParams(indexPath: [9])) == .indexOutOfRange)
    }

    /// While enforced, lists stop at `itemLimit` with the real total, and paths deeper than
    /// `depthLimit` are refused; the change reaches `context` subscribers.
    @Test func contentLimitsAreEnforced() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        let watcher = try daemon.client()
        _ = try watcher.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.context]))
        _ = try client.scanLibrary()
        #expect(try client.call(Methods.ContextGet.self, Empty()) == ContentLimitsPayload(enforced: false, itemLimit: 12, depthLimit: 5))

        let limits = try client.call(Methods.ContextSet.self, ContentLimitsChange(enforced: true, itemLimit: 2, depthLimit: 3))
        #expect(limits == ContentLimitsPayload(enforced: true, itemLimit: 2, depthLimit: 3))
        #expect(try watcher.nextEvent(timeout: 2)?.method == "context.changed")
        let songs = try client.children([0, 2])
        #expect(songs.items.count == 2)
        #expect(songs.total == 5)
        #expect(songs.limited)
        #expect(try client.children([0, 0]).items.count == 2)
        #expect(client.failure(Methods.LibraryChildren.self, LibraryChildrenParams(indexPath: [0, 0, 1])) == .contentLimitExceeded)
        #expect(client.failure(Methods.LibraryItem.self, IndexPathParams(indexPath: [0, 0, 1, 0])) == .contentLimitExceeded)
        #expect(client.failure(Methods.LibraryCount.self, IndexPathParams(indexPath: [0, 0, 1, 0])) == .contentLimitExceeded)
        #expect(client.failure(Methods.LibraryPlay.self, IndexPathParams(indexPath: [0, 0, 1, 0])) == .contentLimitExceeded)
        #expect(try client.item([0, 0, 1]).title == "The Zebras")

        _ = try client.call(Methods.ContextSet.self, ContentLimitsChange(enforced: false))
        #expect(try client.children([0, 2]).limited == false)
        #expect(try client.children([0, 0, 1, 1]).items.count == 2)
        #expect(client.failure(Methods.ContextSet.self, ContentLimitsChange(itemLimit: 0)) == .badParam)
    }

    /// An empty music directory gives one root item that is neither container nor playable
    /// and says where music goes.
    @Test func emptyLibraryHasAPlaceholder() throws {
        let music = try MusicDirectory()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        _ = try client.scanLibrary()
        let root = try client.children([])
        #expect(root.total == 1)
        let placeholder = try #require(root.items.first)
        #expect(!placeholder.isContainer && !placeholder.isPlayable)
        #expect((placeholder.title + (placeholder.subtitle ?? "")).contains(music.path))
        #expect(client.failure(Methods.LibraryPlay.self, IndexPathParams(indexPath: [0])) != nil)
    }

    /// A rescan after adding, changing and deleting files reconciles exactly.
    @Test func rescanReconciles() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        _ = try client.scanLibrary()
        #expect(try client.scanLibrary() == LibraryScanResult(added: 0, updated: 0, removed: 0, problems: 0))

        try music.add("Abba/Gold/03.mp3", title: "Waterloo", artist: "Abba", album: "Gold", year: 1992, track: 3)
        try music.remove("Zebras/Early/01.mp3")
        Thread.sleep(forTimeInterval: 0.01)
        try music.add("Abba/Gold/01.mp3", title: "Dancing Queen", artist: "Abba", album: "Gold", year: 1992, track: 1, seconds: 2)
        #expect(try client.scanLibrary() == LibraryScanResult(added: 1, updated: 1, removed: 1, problems: 0))
        #expect(try client.children([0, 2]).items.map(\.title) == ["Black", "Dancing Queen", "Money", "Waterloo", "White"])
        #expect(try client.children([0, 0, 1]).items.map(\.title) == ["Stripes"])
        let found = try client.call(Methods.LibrarySearch.self, LibrarySearchParams(query: "danc")).items.map(\.title)
        #expect(found == ["Dancing Queen"])
    }

    /// Unreadable files are skipped and listed with a reason; fixing one takes it off the list.
    @Test func badFilesAreListedAsProblems() throws {
        let music = try Self.makeMusic()
        try music.write("empty.mp3", bytes: [])
        try music.write("noise.mp3", bytes: (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try music.write("notes.mp3", bytes: Array("these are not sounds\n".utf8))
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let client = try daemon.client()
        #expect(try client.scanLibrary().problems == 3)
        let problems = try client.call(Methods.LibraryProblems.self, Empty())
        #expect(
            problems.map(\.path) == ["empty.mp3", "noise.mp3", "notes.mp3"].map { (music.directory.appending($0) as NSString).standardizingPath })
        #expect(problems[0].reason.contains("empty"))
        #expect(try client.children([0, 2]).total == 5)

        try music.remove("empty.mp3")
        #expect(try client.scanLibrary().problems == 2)
        #expect(try client.call(Methods.LibraryProblems.self, Empty()).count == 2)
        #expect(daemon.isRunning)
    }

    /// The CLI browses, shows, searches, sets limits and reports the library.
    @Test func cliBrowsesTheLibrary() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        _ = try daemon.client().scanLibrary()
        func rondo(_ words: String...) -> (status: Int32, stdout: String, stderr: String) {
            Subprocess.capture([BuiltProducts.rondo, "--socket", daemon.socketPath] + words)
        }
        let root = rondo("browse")
        #expect(root.status == 0)
        #expect(root.stdout.contains("0  Library/") && root.stdout.contains("3  Radio/"), "\(root.stdout)")
        #expect(rondo("browse", "0.0").stdout.contains("0.0.1  The Zebras/"))
        #expect(rondo("browse", "0", "0", "1").stdout.contains("0.0.1.1  Stripes/"))
        #expect(rondo("item", "0.0.1.1.0").stdout.contains("title: Black"))
        #expect(rondo("search", "strip").stdout.contains("Stripes/"))
        let missing = rondo("item", "0.9")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("0.9"), "\(missing.stderr)")
        #expect(rondo("browse", "0.x").status == 2)
        #expect(rondo("limits", "--enforce", "--items", "1").stdout.contains("at most 1 items"))
        #expect(rondo("browse", "0.2").stdout.contains("1 of 5 shown"))
        #expect(rondo("limits", "--off").stdout.hasPrefix("off"))
        #expect(rondo("library", "stats").stdout.contains("tracks: 6"))
        #expect(rondo("library", "problems").stdout.contains("no problems"))
        #expect(rondo("library", "scan").stdout.contains("0 added, 0 updated, 0 removed"))
    }

    /// On a terminal, `rondo library scan` draws a progress bar from `library.scanProgress`
    /// events, then erases it and prints the summary.
    @Test func scanShowsProgressOnATerminal() throws {
        let music = try Self.makeMusic()
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        let command = "\(BuiltProducts.rondo) --socket \(daemon.socketPath) library scan --full"
        let run = Subprocess.capture(["/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("] 7/7 files"), "\(run.stdout)")
        #expect(run.stdout.contains("6 added, 0 updated, 0 removed"))
        let piped = Subprocess.capture([BuiltProducts.rondo, "--socket", daemon.socketPath, "library", "scan"])
        #expect(!piped.stdout.contains("files") && !piped.stderr.contains("files"))
    }
}
