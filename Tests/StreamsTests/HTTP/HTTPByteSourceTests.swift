import Audio
import Foundation
import RondoTesting
import Testing

@testable import Streams

/// An HTTP source against a real server on the loopback: the bytes, the seeks and the
/// facts a file's server gives, and how failures end.
@Suite struct HTTPByteSourceTests {
    static let options = HTTPOptions(timeout: 2, userAgent: "rondod/test", resumeWithin: 5)
    let server: TestHTTPServer
    let file = StreamReading.bytes(count: 1_000_000)

    init() throws {
        server = try TestHTTPServer()
        try server.write("a.bin", file)
    }

    /// A plain read returns the file's bytes, whatever the sizes of the reads, and says
    /// what the server said of it.
    @Test(arguments: [1_000, 4_096, 100_000])
    func readsTheFile(chunk: Int) throws {
        let source = try HTTPByteSource(url: server.url("a.bin"), options: Self.options)
        #expect(source.length == Int64(file.count))
        #expect(source.isSeekable)
        #expect(!source.isLiveStream)
        #expect(source.isRemote)
        #expect(source.contentType == "application/octet-stream")
        #expect(source.finalURL == server.url("a.bin"))
        let read = try StreamReading.readAll(source, chunk: chunk)
        #expect(read.count == file.count)
        #expect(read == file)
        #expect(source.atEnd)
        #expect(source.position == Int64(file.count))
        #expect(!source.isWaitingForNetwork)
    }

    /// A seek outside the buffer asks for the bytes from there with a Range request; one
    /// inside it (or within the 64 KiB behind the reader) moves without the network.
    @Test func seeksByRange() throws {
        let source = try HTTPByteSource(url: server.url("a.bin"), options: Self.options)
        for offset in [700_000, 10, 999_990, 300, 0, 512_000, 1_000_000] {
            try source.seek(to: Int64(offset))
            #expect(source.position == Int64(offset))
            let read = try StreamReading.readAll(source, chunk: 512, limit: 1_000)
            #expect(read == Array(file[offset..<min(file.count, offset + 1_000)]), "at \(offset)")
        }
        #expect(throws: AudioError.self) { try source.seek(to: 1_000_001) }
        #expect(throws: AudioError.self) { try source.seek(to: -1) }
        #expect(source.resumes == 0)
    }

    /// A server that ignores ranges gives a source that cannot seek, yet goes back to its
    /// start after its first bytes were looked at.
    @Test func withoutRangesOnlyTheHeldBytesSeek() throws {
        let source = try HTTPByteSource(url: server.url(.noRanges, "a.bin"), options: Self.options)
        #expect(!source.isSeekable)
        #expect(!source.isLiveStream)
        #expect(source.length == Int64(file.count))
        let head = try StreamReading.readAll(source, chunk: 100, limit: 290)
        try source.seek(to: 0)
        #expect(try StreamReading.readAll(source, chunk: 100, limit: 290) == head)
        #expect(throws: AudioError.self) { try source.seek(to: 900_000) }
    }

    /// A wrong content type is no failure: the bytes come, and the type is told as sent.
    @Test func wrongContentTypeStillReads() throws {
        let source = try HTTPByteSource(url: server.url(.contentType("text/html"), "a.bin"), options: Self.options)
        #expect(source.contentType == "text/html")
        #expect(try StreamReading.readAll(source, chunk: 65_536) == file)
    }

    /// Redirects are followed up to five, and the address after them is told.
    @Test func followsRedirects() throws {
        let source = try HTTPByteSource(url: server.url(.redirects(3), "a.bin"), options: Self.options)
        #expect(source.finalURL == server.url("a.bin"))
        #expect(try StreamReading.readAll(source, chunk: 65_536) == file)
        let tooMany = Result { try HTTPByteSource(url: server.url(.redirects(6), "a.bin"), options: Self.options) }
        #expect(StreamReading.unreachableReason(tooMany.failure!)?.contains("redirect") == true)
    }

    /// Failures end in `unreachable` with a reason a listener understands, within seconds.
    @Test(arguments: [
        (TestHTTPServer.Fault.status(404), "HTTP 404 Not Found"), (.status(500), "HTTP 500"), (.redirectLoop, "redirect"),
        (.endlessHeaders, "64 KiB"), (.status(403), "HTTP 403"),
    ])
    func failsClearly(fault: TestHTTPServer.Fault, reason: String) {
        let started = ContinuousClock.now
        let result = Result { try HTTPByteSource(url: server.url(fault), options: Self.options) }
        let found = result.failure.flatMap(StreamReading.unreachableReason)
        #expect(found?.contains(reason) == true, "\(fault): \(String(describing: result.failure))")
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    /// A port nobody listens on is refused at once.
    @Test func refusedPortIsUnreachable() {
        let result = Result { try HTTPByteSource(url: "http://127.0.0.1:1/a.mp3", options: Self.options) }
        #expect(StreamReading.unreachableReason(result.failure!) == "connection refused")
    }

    /// Only http and https are fetched, whatever libcurl could speak.
    @Test func otherProtocolsAreRefused() {
        let result = Result { try HTTPByteSource(url: "file:///etc/passwd", options: Self.options) }
        #expect(StreamReading.unreachableReason(result.failure!)?.contains("only http and https") == true)
    }

    /// Closing a source stops its transfer at once; later reads find the end.
    @Test func closeStopsTheTransfer() throws {
        let source = try HTTPByteSource(url: server.url(.trickle, "a.bin"), options: Self.options)
        let started = ContinuousClock.now
        source.close()
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(try StreamReading.readAll(source).count <= 1)
    }
}

extension Result where Failure == any Error {
    /// The error, `nil` on success.
    var failure: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
