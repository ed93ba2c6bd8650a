import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// What a station says, through the real daemon playing the tests' scripted station to no
/// sound card (SPEC §10, §13): a SHOUTcast 1.x station plays; its name and titles reach
/// `nowPlaying.get` without control characters, in the encoding the address names or else
/// UTF-8 or Windows-1252, under any of the header names MPD reads; an MPD client sees a
/// station as MPD shows one, and is woken in `idle` by the station's next song.
struct StationTextTests {
    /// The first `nowPlaying.get` info that `condition` holds for within 10 s, else the last.
    private func info(_ rig: StationRig, where condition: (NowPlayingInfoPayload) -> Bool) throws -> NowPlayingInfoPayload {
        var last = try rig.info()
        _ = try eventually(within: 10) {
            last = try rig.info()
            return condition(last)
        }
        return last
    }

    /// A station answering `ICY 200 OK` (SHOUTcast 1.x) plays as a live stream, its name
    /// and song shown.
    @Test func shoutcastV1StationPlays() throws {
        let rig = try StationRig()
        try rig.play(
            StationRig.station(
                statusLine: "ICY 200 OK", headers: [.init("icy-name", "Shout One")],
                metadata: TestHTTPServer.Station.streamTitle("Artist - Song")))
        let shown = try info(rig) { $0.streamTitle == "Artist - Song" }
        #expect(shown.streamTitle == "Artist - Song", "\(rig.daemon.log.suffix(1500))")
        #expect(shown.albumTitle == "Shout One")
        #expect(shown.isLiveStream == true)
        #expect(try rig.client.call(Methods.NowPlayingGet.self).playbackState == .playing)
    }

    /// A title holding every C0 and C1 control, DEL and terminal escape sequences reaches
    /// `title` and `streamTitle` without any of them, a line end becoming a space; so does
    /// the station's name.
    @Test func controlCharactersNeverReachTheTitle() throws {
        let rig = try StationRig()
        var title = Array("Bad\nOK MPD 0.23.5\nTitle: injected\u{1B}[31m".utf8) + [0]
        title += (0x01...0x1F).map(UInt8.init) + [0x7F]
        let c1 = (0x80...0x9F).filter { $0 != 0x9B && $0 != 0x9D }.compactMap { Unicode.Scalar(UInt32($0)) }.map(Character.init)
        title += Array((String(c1) + "\u{9B}1m\u{9D}0;x\u{9C}end").utf8)
        try rig.play(
            StationRig.station(
                headers: [.init("icy-name", "Clean\u{1B}[2J\u{7}\u{85}FM")], metadata: TestHTTPServer.Station.streamTitle(title)))
        let shown = try info(rig) { $0.streamTitle != nil }
        #expect(shown.streamTitle == "Bad OK MPD 0.23.5 Title: injected end")
        #expect(shown.title == "Bad OK MPD 0.23.5 Title: injected end")
        #expect(shown.albumTitle == "Clean FM")
    }

    /// A title that is not UTF-8 is read as Windows-1252: `Don\x92t Stop \x80` shows as
    /// `Don’t Stop €`.
    @Test func undeclaredTitleIsWindows1252() throws {
        let rig = try StationRig()
        let title: [UInt8] = Array("Don".utf8) + [0x92] + Array("t Stop ".utf8) + [0x80]
        try rig.play(StationRig.station(headers: [.init("icy-name", "Plain FM")], metadata: TestHTTPServer.Station.streamTitle(title)))
        let shown = try info(rig) { $0.streamTitle != nil }
        #expect(shown.streamTitle == "Don’t Stop €")
    }

    /// `#charset=` in the address (MPD's convention) names the encoding of the station's
    /// titles and headers; the fragment is not sent to the server.
    @Test(
        arguments: [
            ("cp1251", [0xD0, 0xE0, 0xE4, 0xE8, 0xEE], [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], "Радио", "Привет"),
            ("iso-8859-2", [0xA3, 0xF3, 0x64, 0xBC], [0xBF, 0xF3, 0xB3, 0x74, 0x79], "Łódź", "żółty"),
        ] as [(String, [UInt8], [UInt8], String, String)])
    func charsetInTheAddressIsHonoured(charset: String, name: [UInt8], title: [UInt8], shownName: String, shownTitle: String) throws {
        let rig = try StationRig()
        try rig.play(
            StationRig.station(headers: [.init("icy-name", name)], metadata: TestHTTPServer.Station.streamTitle(title)),
            fragment: "#charset=\(charset)")
        // The station's name and its song's title come apart: wait for both.
        let shown = try info(rig) { $0.streamTitle != nil && $0.albumTitle != nil }
        #expect(shown.streamTitle == shownTitle)
        #expect(shown.albumTitle == shownName)
        #expect(rig.server.requests.allSatisfy { !$0.path.contains("charset") })
    }

    /// A station's name in Latin-1 bytes (`Radio Caf\xE9`) shows as `Radio Café`, not
    /// with U+FFFD.
    @Test func latin1StationNameIsRead() throws {
        let rig = try StationRig()
        try rig.play(StationRig.station(headers: [.init("icy-name", Array("Radio Caf".utf8) + [0xE9])], metadata: []))
        let shown = try info(rig) { $0.albumTitle != nil }
        #expect(shown.albumTitle == "Radio Café")
        #expect(shown.title == "Radio Café")
    }

    /// A station named only by `ice-name` or `x-audiocast-name` shows that name, as album
    /// and as title until it names a song; `icy-name` wins over both.
    @Test(arguments: [
        (["ice-name": "Ice Station"], "Ice Station"),
        (["x-audiocast-name": "Cast Station"], "Cast Station"),
        (["x-audiocast-name": "Cast Station", "ice-name": "Ice Station", "icy-name": "Icy Station"], "Icy Station"),
    ])
    func stationNameFallsBackToIcecastHeaders(headers: [String: String], name: String) throws {
        let rig = try StationRig()
        try rig.play(StationRig.station(headers: headers.map { .init($0.key, $0.value) }, metadata: []))
        let shown = try info(rig) { $0.albumTitle != nil }
        #expect(shown.albumTitle == name)
        #expect(shown.title == name)
    }

    /// MPD's `currentsong` of a station gives its name as `Name` and the stream title whole
    /// as the one `Title`, with no `Artist` or `Album`, as MPD 0.23 does.
    @Test func mpdShowsAStationAsMPDDoes() throws {
        let rig = try StationRig()
        try rig.play(
            StationRig.station(headers: [.init("icy-name", "Rondo Radio")], metadata: TestHTTPServer.Station.streamTitle("Artist One - Song One")))
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        var song: [String] = []
        _ = try eventually(within: 10) {
            song = try mpd.call("currentsong")
            return song.contains { $0.hasPrefix("Title: ") && $0.hasSuffix("Song One") }
        }
        #expect(song.filter { $0.hasPrefix("Title: ") } == ["Title: Artist One - Song One"], "\(song)")
        #expect(song.filter { $0.hasPrefix("Name: ") } == ["Name: Rondo Radio"], "\(song)")
        #expect(!song.contains { $0.hasPrefix("Artist: ") || $0.hasPrefix("Album: ") }, "\(song)")
    }

    /// A station's new song wakes an MPD client waiting in `idle` with `player` and
    /// `playlist`, and the queue's version goes up, so clients that redraw on `idle` show it.
    @Test func newSongWakesIdleClients() throws {
        let rig = try StationRig()
        let first = StationRig.station(headers: [.init("icy-name", "Rondo Radio")], metadata: TestHTTPServer.Station.streamTitle("First Song"))
        try rig.play(first)
        let mpd = try MPDLineClient(socketPath: rig.mpdSocket)
        try #require(try eventually(within: 10) { try mpd.fields("currentsong")["Title"] == "First Song" })
        let version = try #require(Int(try mpd.fields("status")["playlist"] ?? ""))

        var second = first
        second.metadata = TestHTTPServer.Station.streamTitle("Second Song")
        try rig.write(second)
        var changed: Set<String> = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try mpd.fields("currentsong")["Title"] != "Second Song" || !changed.isSuperset(of: ["player", "playlist"]) {
            let reply = try mpd.call("idle player playlist")
            changed.formUnion(reply.compactMap { $0.hasPrefix("changed: ") ? String($0.dropFirst("changed: ".count)) : nil })
        }
        #expect(changed.isSuperset(of: ["player", "playlist"]), "\(changed)")
        #expect(try mpd.fields("currentsong")["Title"] == "Second Song")
        #expect((Int(try mpd.fields("status")["playlist"] ?? "") ?? 0) > version)
    }
}
