import Foundation
import RondoTesting
import Testing

/// The stream tests' own parts, without the daemon: the station sends its name, its tone
/// and each song as ICY metadata; the proxy drops, stalls and cuts short as told; the web
/// server answers byte ranges and 404s and logs each request.
@Suite
struct StreamHarnessTests {
    /// The station's MP3 mount, through the proxy, says its name and metadata interval, and
    /// a song changed at the station arrives as a `StreamTitle` within a second.
    @Test func stationSendsItsNameAndEachSong() throws {
        let radio = try RadioRig(song: "Rondo Fixtures - First")
        let probe = try HTTPProbe(port: radio.proxy.port, path: ToneStation.Format.mp3.mount, headers: ["Icy-MetaData: 1"])
        #expect(probe.read(for: 1) == .open)
        #expect(probe.head.contains("icy-name:\(RadioRig.stationName)"), "\(probe.head)")
        #expect(probe.head.contains("icy-metaint:\(radio.icecast.metadataInterval)"), "\(probe.head)")
        try radio.station.changeSong(to: "Rondo Fixtures - Second", frequency: 660)
        #expect(probe.read(for: 1) == .open)
        let titles = HTTPProbe.streamTitles(in: probe.body, interval: radio.icecast.metadataInterval)
        #expect(titles.contains("Rondo Fixtures - First"), "\(titles)")
        #expect(titles.last == "Rondo Fixtures - Second", "\(titles)")
    }

    /// A cut ends the listener's connection as asked (an orderly close or a reset), and the
    /// next connection is relayed as usual.
    @Test(arguments: [FaultProxy.Ending.close, .reset])
    func cutEndsEveryConnection(ending: FaultProxy.Ending) throws {
        let radio = try RadioRig(song: "Rondo Fixtures - Cut")
        let probe = try HTTPProbe(port: radio.proxy.port, path: ToneStation.Format.mp3.mount)
        #expect(probe.read(for: 0.5) == .open)
        radio.proxy.cut(ending)
        #expect(probe.read(for: 2) == (ending == .close ? .closed : .reset))
        let again = try HTTPProbe(port: radio.proxy.port, path: ToneStation.Format.mp3.mount)
        // The station's burst comes at once on a quiet machine; up to 5 s on a loaded one.
        for _ in 0..<10 where again.body.count <= 8000 {
            #expect(again.read(for: 0.5) == .open)
        }
        #expect(again.body.count > 8000)
        #expect(radio.proxy.connectionCount == 2)
    }

    /// A stall passes no byte for its length, the connection open, then bytes come again.
    @Test func stallHoldsBytesBack() throws {
        let radio = try RadioRig(song: "Rondo Fixtures - Stall")
        let probe = try HTTPProbe(port: radio.proxy.port, path: ToneStation.Format.mp3.mount)
        #expect(probe.read(for: 0.5) == .open)
        radio.proxy.stall(for: 3)
        probe.read(for: 0.3)
        let before = probe.received.count
        #expect(probe.read(for: 2) == .open)
        #expect(probe.received.count == before, "\(probe.received.count - before) bytes came during the stall")
        #expect(probe.read(for: 1.5) == .open)
        #expect(probe.received.count > before + 8000, "bytes did not come again after the stall")
    }

    /// The web server answers a whole file, a byte range (206 and its Content-Range) and a
    /// missing file (404), and logs each request with its range; the proxy's
    /// ``FaultProxy/cutEach(afterBytes:)`` ends an answer after that many bytes.
    @Test func webServerAnswersRangesAndProxyCutsAnswersShort() throws {
        let root = try TemporaryDirectory(prefix: "rondo-served")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: root.appending("file.mp3")))
        let server = try TestHTTPServer(serving: root.path)

        let whole = try HTTPProbe(port: server.port, path: "/file.mp3")
        #expect(whole.read(for: 5) == .closed)
        #expect(whole.head.hasPrefix("HTTP/1.1 200"))
        #expect(whole.body == bytes)
        let part = try HTTPProbe(port: server.port, path: "/file.mp3", headers: ["Range: bytes=1000-"])
        #expect(part.read(for: 5) == .closed)
        #expect(part.head.hasPrefix("HTTP/1.1 206"))
        #expect(part.head.contains("Content-Range: bytes 1000-99999/100000"))
        #expect(part.body == Array(bytes[1000...]))
        let missing = try HTTPProbe(port: server.port, path: "/missing.mp3")
        missing.read(for: 2)
        #expect(missing.head.hasPrefix("HTTP/1.1 404"))
        #expect(server.requests.map(\.range) == [nil, "bytes=1000-", nil])

        let proxy = try FaultProxy(targetPort: server.port)
        proxy.cutEach(afterBytes: 5000)
        let short = try HTTPProbe(port: proxy.port, path: "/file.mp3")
        #expect(short.read(for: 5) == .closed)
        #expect(short.received.count == 5000)
    }
}
