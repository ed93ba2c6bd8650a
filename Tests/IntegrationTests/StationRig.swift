import Foundation
import RondoClient
import RondoProtocol
import RondoTesting

/// A daemon playing to no sound card, and the tests' web server whose scripted stations
/// (``TestHTTPServer/Station``) it plays: a station's status line, header bytes and titles
/// are whatever a test writes, and a title written anew reaches the daemon within a second.
final class StationRig {
    /// The bytes a second the station sends its audio at after a first second's worth:
    /// the fixture's 128 kbit/s, so the daemon hears a new title as it is sent.
    static let pace = 16_000

    let server: TestHTTPServer
    let daemon: DaemonProcess
    let client: RondoClient

    /// Starts the server, with `long440.mp3` as the stations' audio, and the daemon.
    init() throws {
        server = try TestHTTPServer()
        try server.write("tone.mp3", Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("long440.mp3")))))
        daemon = try DaemonProcess(pulseServer: nil, arguments: ["--output", "null"])
        client = try daemon.client()
    }

    deinit {
        daemon.stop()
        server.stop()
    }

    /// A station sending the tone as MP3 after `statusLine` and `headers`, saying
    /// `metadata` every 4096 bytes.
    static func station(
        statusLine: String = "HTTP/1.0 200 OK", headers: [TestHTTPServer.Station.Header], metadata: [UInt8]
    ) -> TestHTTPServer.Station {
        TestHTTPServer.Station(
            statusLine: statusLine, headers: [.init("Content-Type", "audio/mpeg")] + headers, audio: "tone.mp3", metaint: 4_096,
            metadata: metadata)
    }

    /// Writes `station` as the server's station and returns its address, with `fragment`.
    @discardableResult
    func write(_ station: TestHTTPServer.Station, fragment: String = "") throws -> String {
        try server.write(station: station, as: "station.json") + "?pace=\(Self.pace)" + fragment
    }

    /// Writes `station` and has the daemon play it alone.
    /// - Returns: its address.
    @discardableResult
    func play(_ station: TestHTTPServer.Station, fragment: String = "") throws -> String {
        let url = try write(station, fragment: fragment)
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [url], startIndex: 0, play: true))
        return url
    }

    /// What `nowPlaying.get` says is playing.
    func info() throws -> NowPlayingInfoPayload { try client.call(Methods.NowPlayingGet.self).info }

    /// The daemon's MPD socket.
    var mpdSocket: String { daemon.directory.appending("mpd.sock") }
}
