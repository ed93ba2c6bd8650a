import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Radio stations (SPEC §10) through the real daemon: `radio.*` over the socket and `rondo
/// radio` as the built binary, the `Radio` tab and search, playing a station, and stations
/// kept across a restart. Station URLs point at a closed local port: nothing is fetched.
struct RadioStationTests {
    private static let jazz = "http://127.0.0.1:9/jazz.mp3"
    private static let news = "https://127.0.0.1:9/news"

    /// The message of the domain error a call fails with, or `nil` when it succeeds.
    private func refusal<M: RPCMethod>(_ client: RondoClient, _ method: M.Type, _ params: M.Params) -> (ErrorCode?, String)? {
        do {
            _ = try client.call(method, params)
            return nil
        } catch {
            guard case .rpc(let reply) = error else { return (nil, "\(error)") }
            return (reply.data?.code, reply.message)
        }
    }

    /// Stations are added, listed by name, renamed by adding their URL again, and removed;
    /// bad input and unknown identifiers are refused, saying what to do.
    @Test func protocolAddsListsRenamesAndRemoves() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        #expect(try client.call(Methods.RadioList.self).isEmpty)
        let jazz = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Jazz FM"))
        #expect(jazz.identifier.hasPrefix("rondo:station:"))
        let news = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.news, artwork: "https://127.0.0.1:9/n.png"))
        #expect(
            try client.call(Methods.RadioList.self) == [
                RadioStation(identifier: news.identifier, name: "127.0.0.1", url: Self.news, artwork: "https://127.0.0.1:9/n.png"),
                RadioStation(identifier: jazz.identifier, name: "Jazz FM", url: Self.jazz),
            ])
        #expect(try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz)) == jazz)
        #expect(try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Late Jazz")) == jazz)
        #expect(try client.call(Methods.RadioList.self).map(\.name) == ["127.0.0.1", "Late Jazz"])

        let badURL = refusal(client, Methods.RadioAdd.self, RadioAddParams(url: "ftp://127.0.0.1/x"))
        #expect(badURL?.0 == .badParam)
        #expect(badURL?.1.contains("give an http:// or https:// URL") == true, "\(String(describing: badURL))")
        let badName = refusal(client, Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: " "))
        #expect(badName?.0 == .badParam)
        #expect(badName?.1.contains("1 to 200 characters") == true)
        let tooLong = refusal(client, Methods.RadioAdd.self, RadioAddParams(url: "http://h/" + String(repeating: "x", count: 8200)))
        #expect(tooLong?.0 == .badParam)

        #expect(try client.call(Methods.RadioRemove.self, IdentifierParams(identifier: news.identifier)) == Empty())
        let gone = refusal(client, Methods.RadioRemove.self, IdentifierParams(identifier: news.identifier))
        #expect(gone?.0 == .notFound)
        #expect(gone?.1.contains("rondo radio") == true, "\(String(describing: gone))")
        #expect(try client.call(Methods.RadioList.self).map(\.identifier) == [jazz.identifier])
    }

    /// Keeping, renaming and removing a station each publish `library.changed` (so a browser
    /// shows the Radio tab anew); adding a station exactly as it is publishes nothing.
    @Test func stationChangesArePublished() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        let events = try daemon.client()
        _ = try events.call(Methods.EventsSubscribe.self, SubscribeParams(topics: [.library]))
        func published() throws -> [LibraryScanResult] {
            var changes: [LibraryScanResult] = []
            while let event = try events.nextEvent(timeout: 0.3) {
                if let change = try event.decode(Events.LibraryChangedEvent.self) { changes.append(change) }
            }
            return changes
        }
        _ = try published()
        let jazz = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Jazz FM"))
        #expect(try published() == [LibraryScanResult(added: 1, updated: 0, removed: 0, problems: 0)])
        _ = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Jazz FM"))
        #expect(try published() == [])
        _ = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Late Jazz"))
        #expect(try published() == [LibraryScanResult(added: 0, updated: 1, removed: 0, problems: 0)])
        _ = try client.call(Methods.RadioRemove.self, IdentifierParams(identifier: jazz.identifier))
        #expect(try published() == [LibraryScanResult(added: 0, updated: 0, removed: 1, problems: 0)])
    }

    /// With stations and no music, the root keeps its four tabs; Radio lists the stations as
    /// playable streams under their hosts, and search finds them by the words of their names.
    @Test func stationsShowInTheTreeAndInSearch() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try daemon.client()
        _ = try client.scanLibrary()
        #expect(try client.children([]).items.map(\.identifier) == ["rondo:placeholder"])
        let jazz = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Smooth Jazz"))
        #expect(try client.children([]).items.map(\.title) == ["Library", "Playlists", "Podcasts & Books", "Radio"])
        let radio = try client.item([3])
        #expect(radio.subtitle == "1 station")
        #expect(radio.isContainer && radio.isPlayable)
        let station = try #require(try client.children([3]).items.first)
        #expect(station.identifier == jazz.identifier)
        #expect(station.title == "Smooth Jazz")
        #expect(station.subtitle == "127.0.0.1")
        #expect(station.isPlayable && station.isStreamingContent && !station.isContainer)
        let found = try client.call(Methods.LibrarySearch.self, LibrarySearchParams(query: "smoo"))
        #expect(found.items == [station])
        #expect(try client.call(Methods.LibraryItemForIdentifier.self, IdentifierParams(identifier: jazz.identifier)) == station)
    }

    /// `library.play` of a station queues every station, its URL at the chosen place, titled
    /// by name; a station's identifier in `queue.set` queues its URL alone.
    @Test func playingAStationQueuesItsURL() throws {
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        let client = try daemon.client()
        _ = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Jazz"))
        let news = try client.call(Methods.RadioAdd.self, RadioAddParams(url: Self.news, name: "News"))
        _ = try client.call(Methods.LibraryPlay.self, IndexPathParams(indexPath: [3, 1]))
        let queue = try client.call(Methods.QueueGet.self, QueueGetParams())
        #expect(queue.items.map(\.assetURL) == [Self.jazz, Self.news])
        #expect(queue.items.map(\.title) == ["Jazz", "News"])

        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [news.identifier], startIndex: 0))
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).items.map(\.assetURL) == [Self.news])
    }

    /// A station is on disk once `radio.add` answers: after `kill -9` and a restart on the same
    /// database it is listed and browsed as before.
    @Test func stationsSurviveARestart() throws {
        let first = try DaemonProcess(pulseServer: nil)
        let added = try first.client().call(Methods.RadioAdd.self, RadioAddParams(url: Self.jazz, name: "Jazz FM"))
        first.kill()
        let second = try DaemonProcess(pulseServer: nil, restarting: first)
        let client = try second.client()
        #expect(try client.call(Methods.RadioList.self) == [RadioStation(identifier: added.identifier, name: "Jazz FM", url: Self.jazz)])
        #expect(try client.children([3]).items.map(\.title) == ["Jazz FM"])
    }

    /// `rondo radio` adds (printing the identifier), lists, removes, and refuses what it must
    /// with the statuses of SPEC §7.
    @Test func cliAddsListsAndRemoves() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        func rondo(_ words: String...) -> (status: Int32, stdout: String, stderr: String) {
            Subprocess.capture([BuiltProducts.rondo, "--socket", daemon.socketPath] + words)
        }
        #expect(rondo("radio").stdout.contains("no radio stations"))
        let added = rondo("radio", "add", Self.jazz, "Late", "Night", "Jazz")
        #expect(added.status == 0, "\(added.stderr)")
        let identifier = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(identifier.hasPrefix("rondo:station:"))
        #expect(rondo("radio").stdout == "Late Night Jazz  \(Self.jazz)  \(identifier)\n")
        let json = rondo("--json", "radio")
        #expect(json.stdout.contains(#""name":"Late Night Jazz""#), "\(json.stdout)")
        #expect(rondo("radio", "add", "ftp://x").status == 1)
        #expect(rondo("radio", "add").status == 2)
        #expect(rondo("radio", "bogus").status == 2)
        #expect(rondo("radio", "remove", identifier).status == 0)
        let again = rondo("radio", "remove", identifier)
        #expect(again.status == 1)
        #expect(again.stderr.contains("list the stations and their identifiers with: rondo radio"), "\(again.stderr)")
    }
}
