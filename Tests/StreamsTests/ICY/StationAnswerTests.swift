import Audio
import Foundation
import RondoTesting
import Testing

@testable import Streams

/// What a station says before and beside its audio, through the tests' scripted station
/// and the real libcurl: SHOUTcast 1.x's `ICY 200 OK`, an answer that is not HTTP, its name
/// under Icecast's and audiocast's header names, header and title text in an undeclared or
/// hinted encoding, and control characters.
@Suite struct StationAnswerTests {
    let server: TestHTTPServer
    let audio = StreamReading.bytes(count: 40_000, seed: 7)

    init() throws {
        server = try TestHTTPServer()
        try server.write("audio.bin", audio)
    }

    /// The station's first metadata change as the source reports it, and the source.
    private func open(_ station: TestHTTPServer.Station, fragment: String = "") throws -> (HTTPByteSource, [[String: String]]) {
        let url = try server.write(station: station, as: "station.json") + fragment
        let source = try HTTPByteSource(url: url, options: HTTPOptions(timeout: 5))
        var said: [[String: String]] = []
        source.onMetadata = { said.append($0) }
        _ = try StreamReading.readAll(source, chunk: 4_096, limit: (station.metaint ?? 0) + 1)
        return (source, said)
    }

    /// A SHOUTcast 1.x station answering `ICY 200 OK` is played: a live station, its name
    /// and its first title said, its audio read without the metadata.
    @Test func icy200OKIsAStatusLine() throws {
        let station = TestHTTPServer.Station(
            statusLine: "ICY 200 OK", headers: [.init("icy-name", "Shout One"), .init("content-type", "audio/mpeg")], audio: "audio.bin",
            metaint: 1_000, metadata: TestHTTPServer.Station.streamTitle("First Song"))
        let url = try server.write(station: station, as: "station.json")
        let source = try HTTPByteSource(url: url, options: HTTPOptions(timeout: 5))
        var said: [[String: String]] = []
        source.onMetadata = { said.append($0) }
        #expect(source.isLiveStream)
        #expect(source.stationName == "Shout One")
        #expect(try StreamReading.readAll(source, chunk: 700, limit: 3_000) == Array(audio.prefix(3_000)))
        #expect(said.first?["icy-name"] == "Shout One")
        #expect(said.dropFirst().first == ["StreamTitle": "First Song"])
    }

    /// An answer whose status line is neither HTTP nor ICY fails saying the server's answer
    /// could not be read, not that the address's scheme is not played.
    @Test func anAnswerThatIsNotHTTPSaysSo() throws {
        let station = TestHTTPServer.Station(statusLine: "SOURCE 200 OK", headers: [.init("icy-name", "Odd")], audio: "audio.bin")
        let url = try server.write(station: station, as: "station.json")
        let failure = #expect(throws: AudioError.self) { try HTTPByteSource(url: url, options: HTTPOptions(timeout: 5)) }
        let reason = failure.flatMap(StreamReading.unreachableReason) ?? ""
        #expect(reason.contains("the server's answer could not be read"), "\(reason)")
        #expect(!reason.contains("only http and https"), "\(reason)")
    }

    /// A document at a server answering `ICY 200 OK` (a station's playlist on a SHOUTcast
    /// server) is fetched: its body reaches the caller.
    @Test func documentFetcherTakesICY200OK() throws {
        let station = TestHTTPServer.Station(
            statusLine: "ICY 200 OK", headers: [.init("content-type", "audio/x-scpls")], audio: "audio.bin", metaint: nil)
        let url = try server.write(station: station, as: "station.json")
        struct Enough: Error {}
        var received = 0
        #expect(throws: FetchError.refused(String(describing: Enough()))) {
            try DocumentFetcher.fetch(url, options: HTTPOptions(timeout: 5), maximumBytes: 1 << 20) { bytes in
                received += bytes.count
                throw Enough()
            }
        }
        #expect(received > 0)
    }

    /// The station's name is `icy-name`, else `ice-name`, else `x-audiocast-name`, as MPD
    /// reads them; its genre, description and address likewise.
    @Test(arguments: [
        (["icy-name": "Icy", "ice-name": "Ice", "x-audiocast-name": "Cast"], "Icy"),
        (["ice-name": "Ice", "x-audiocast-name": "Cast"], "Ice"),
        (["x-audiocast-name": "Cast"], "Cast"),
        (["icy-name": "", "ice-name": "Ice"], "Ice"),
    ])
    func stationNameFallsBack(headers: [String: String], name: String) throws {
        let lines = headers.sorted { $0.key < $1.key }.map { TestHTTPServer.Station.Header($0.key, $0.value) }
        let station = TestHTTPServer.Station(headers: lines + [.init("ice-genre", "Jazz")], audio: "audio.bin", metaint: 1_000)
        let (source, said) = try open(station)
        #expect(source.stationName == name)
        #expect(said.first?["icy-name"] == name)
        #expect(said.first?["icy-genre"] == "Jazz")
    }

    /// Headers and titles in bytes that are not UTF-8 read as Windows-1252 (not Latin-1, not
    /// U+FFFD); with `#charset=` in the address (never sent), in that encoding.
    @Test(
        arguments: [
            (
                [0x52, 0x61, 0x64, 0x69, 0x6F, 0x20, 0x43, 0x61, 0x66, 0xE9],
                [0x44, 0x6F, 0x6E, 0x92, 0x74, 0x20, 0x53, 0x74, 0x6F, 0x70, 0x20, 0x80], "", "Radio Café", "Don’t Stop €"
            ),
            ([0xD0, 0xE0, 0xE4, 0xE8, 0xEE], [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], "#charset=cp1251", "Радио", "Привет"),
            ([0xA3, 0xF3, 0x64, 0xBC], [0xBF, 0xF3, 0xB3, 0x74, 0x79], "#charset=iso-8859-2", "Łódź", "żółty"),
        ] as [([UInt8], [UInt8], String, String, String)])
    func undeclaredTextIsReadLeniently(name: [UInt8], title: [UInt8], fragment: String, shownName: String, shownTitle: String) throws {
        let station = TestHTTPServer.Station(
            headers: [.init("icy-name", name)], audio: "audio.bin", metaint: 1_000, metadata: TestHTTPServer.Station.streamTitle(title))
        let (source, said) = try open(station, fragment: fragment)
        #expect(source.stationName == shownName)
        #expect(said.first?["icy-name"] == shownName)
        #expect(said.dropFirst().first?["StreamTitle"] == shownTitle)
        #expect(server.requests.allSatisfy { !$0.path.contains("#") && !$0.path.contains("charset") })
    }

    /// A `#charset=` naming no encoding is refused, saying so.
    @Test func unknownCharsetIsRefused() throws {
        let url = try server.write(station: TestHTTPServer.Station(audio: "audio.bin"), as: "station.json") + "#charset=no-such-set"
        let failure = #expect(throws: AudioError.self) { try HTTPByteSource(url: url, options: HTTPOptions(timeout: 5)) }
        #expect(failure.flatMap(StreamReading.unreachableReason)?.contains("#charset=no-such-set") == true)
    }

    /// Every C0 and C1 control and DEL, and a terminal escape sequence, are taken out of a
    /// title and a header (line ends becoming a space), so none can forge a reply line.
    @Test func controlCharactersAreTakenOut() throws {
        var title = Array("Bad\nOK MPD 0.23.5\nTitle: injected\u{1B}[31m".utf8) + [0]
        title += (0x01...0x1F).map(UInt8.init) + [0x7F]
        let c1 = (0x80...0x9F).filter { $0 != 0x9B && $0 != 0x9D }.compactMap { Unicode.Scalar(UInt32($0)) }.map(Character.init)
        title += Array((String(c1) + "\u{9B}1m\u{9D}0;x\u{9C}end").utf8)
        let station = TestHTTPServer.Station(
            headers: [.init("icy-name", Array("Evil\u{1B}]0;owned\u{07} FM\u{1}".utf8)), .init("icy-genre", "Rock\u{7F}\u{9C}")], audio: "audio.bin",
            metaint: 1_000, metadata: TestHTTPServer.Station.streamTitle(title))
        let (source, said) = try open(station)
        #expect(source.stationName == "Evil FM")
        #expect(said.first?["icy-genre"] == "Rock")
        #expect(said.dropFirst().first?["StreamTitle"] == "Bad OK MPD 0.23.5 Title: injected end")
    }
}
