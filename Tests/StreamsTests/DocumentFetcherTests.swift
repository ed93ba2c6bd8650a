import Foundation
import RondoTesting
import Testing

@testable import Streams

/// Fetching a document as a feed reader does, from a real HTTP server on loopback:
/// conditional requests, compressed answers, permanent and temporary redirects, errors,
/// and a cap on what is taken.
@Suite struct DocumentFetcherTests {
    let server: TestHTTPServer
    let feed: [UInt8]

    init() throws {
        server = try TestHTTPServer()
        feed = try Fixtures.feed("itunes-show.xml")
        try server.write("feed.xml", feed)
    }

    /// Fetches `url` whole.
    private func fetch(
        _ url: String, validators: DocumentFetcher.Validators? = nil, maximumBytes: Int = 1 << 20
    ) throws(FetchError) -> (DocumentFetcher.Outcome, [UInt8]) {
        var body: [UInt8] = []
        let outcome = try DocumentFetcher.fetch(url, validators: validators, options: HTTPOptions(timeout: 2), maximumBytes: maximumBytes) {
            body += $0
        }
        return (outcome, body)
    }

    /// The body arrives whole with the validators to ask with next time; asked with them,
    /// the server answers 304 and nothing is taken; once the file changes it comes again.
    @Test func conditionalRequests() throws {
        let (first, body) = try fetch(server.url("feed.xml"))
        #expect(body.count == feed.count && body.elementsEqual(feed))
        guard case .fetched(let fetched) = first else {
            Issue.record("not fetched: \(first)")
            return
        }
        #expect(fetched.validators.etag != nil && fetched.validators.lastModified != nil)
        #expect(fetched.movedTo == nil)

        let (again, nothing) = try fetch(server.url("feed.xml"), validators: fetched.validators)
        #expect(again == .notModified && nothing.isEmpty)
        let byDate = DocumentFetcher.Validators(lastModified: fetched.validators.lastModified)
        #expect(try fetch(server.url("feed.xml"), validators: byDate).0 == .notModified)

        try server.write("feed.xml", feed + Array("\n".utf8))
        let (changed, newBody) = try fetch(server.url("feed.xml"), validators: fetched.validators)
        guard case .fetched(let refetched) = changed else {
            Issue.record("not fetched after a change: \(changed)")
            return
        }
        #expect(newBody.count == feed.count + 1)
        #expect(refetched.validators.etag != fetched.validators.etag)
        let requests = server.requests.filter { $0.path.hasSuffix("feed.xml") }
        #expect(requests.count == 4)
    }

    /// A gzip answer is taken decompressed; fewer bytes crossed the wire.
    @Test func compressedAnswers() throws {
        let (outcome, body) = try fetch(server.url(.gzip, "feed.xml"))
        #expect(body.count == feed.count && body.elementsEqual(feed))
        guard case .fetched(let fetched) = outcome else {
            Issue.record("not fetched: \(outcome)")
            return
        }
        #expect(fetched.bytesOnTheWire < feed.count / 2, "\(fetched.bytesOnTheWire) bytes on the wire")
    }

    /// Only a chain of permanent redirects moves the address for good.
    @Test(arguments: [(301, true), (308, true), (302, false), (307, false)])
    func redirects(status: Int, permanent: Bool) throws {
        let (outcome, body) = try fetch(server.url(.moved(status: status), "feed.xml"))
        #expect(body.elementsEqual(feed))
        guard case .fetched(let fetched) = outcome else {
            Issue.record("not fetched: \(outcome)")
            return
        }
        #expect(fetched.movedTo == (permanent ? server.url("feed.xml") : nil))
        let mixed = try fetch(server.url(.moved(status: 301), "moved/302/feed.xml"))
        guard case .fetched(let throughTemporary) = mixed.0 else { return }
        #expect(throughTemporary.movedTo == nil, "a temporary redirect on the way moves nothing")
    }

    /// Error statuses, a closed port, a redirect loop, a body past the cap, and a handler
    /// that refuses: each ends the fetch with its own error.
    @Test func failures() throws {
        #expect(throws: FetchError.status(404)) { try fetch(server.url(.status(404))) }
        #expect(throws: FetchError.status(500)) { try fetch(server.url(.status(500))) }
        #expect(throws: FetchError.tooLarge(limit: 100)) { try fetch(server.url("feed.xml"), maximumBytes: 100) }
        let closed = try LoopbackSocket.freePort()
        #expect {
            try fetch("http://127.0.0.1:\(closed)/feed.xml")
        } throws: { error in
            if case FetchError.network = error { true } else { false }
        }
        #expect {
            try fetch(server.url(.redirectLoop))
        } throws: { error in
            if case FetchError.network = error { true } else { false }
        }
        struct Refusal: Error {}
        #expect {
            try DocumentFetcher.fetch(server.url("feed.xml"), maximumBytes: 1 << 20) { _ in throw Refusal() }
        } throws: { error in
            if case FetchError.refused = error { true } else { false }
        }
    }

    /// An error's page is never handed on as the document: the fetch ends with the status
    /// at its first byte, and the handler never sees a byte of it.
    @Test func anErrorsPageIsNeverTheBody() throws {
        for code in [404, 503] {
            var told = 0
            var taken: [UInt8] = []
            #expect(throws: FetchError.status(code)) {
                try DocumentFetcher.fetch(
                    server.url(.errorPage(code)), options: HTTPOptions(timeout: 2), maximumBytes: 1 << 20, from: 100,
                    answered: { _ in told += 1 }, body: { taken += $0 })
            }
            #expect(told == 0 && taken.isEmpty, "HTTP \(code): told \(told) times, \(taken.count) bytes taken")
        }
    }

    /// Going on with a partial copy: with `If-Range` naming the version it holds, the rest
    /// comes from the offset; once the document changed, it comes whole from its start;
    /// a range that starts anywhere but the offset asked for is refused.
    @Test func aPartialCopyGoesOnOnlyAsTheSameVersion() throws {
        let document = Array((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try server.write("episode.mp3", document)
        func rest(of url: String, from offset: Int, ifRange: String?) throws(FetchError) -> (DocumentFetcher.Answer?, [UInt8]) {
            var answer: DocumentFetcher.Answer?
            var body: [UInt8] = []
            _ = try DocumentFetcher.fetch(
                url, options: HTTPOptions(timeout: 2), maximumBytes: 1 << 20, from: offset, ifRange: ifRange, compressed: false,
                answered: { answer = $0 }, body: { body += $0 })
            return (answer, body)
        }
        let (first, whole) = try rest(of: server.url("episode.mp3"), from: 0, ifRange: nil)
        let version = try #require(first?.validators.ifRange)
        #expect(whole == document && first?.startsAt == 0)

        let (same, tail) = try rest(of: server.url("episode.mp3"), from: 5_000, ifRange: version)
        #expect(same?.startsAt == 5_000 && tail == Array(document[5_000...]))

        let changed = document.map { $0 ^ 0xFF }
        try server.write("episode.mp3", changed)
        let (renewed, again) = try rest(of: server.url("episode.mp3"), from: 5_000, ifRange: version)
        #expect(renewed?.startsAt == 0 && again == changed, "a changed document comes whole, never spliced onto the old one")
        #expect(renewed?.validators.ifRange != version)

        var spliced: [UInt8] = []
        #expect(throws: FetchError.rangeNotKept(asked: 5_000, sent: 0)) {
            try DocumentFetcher.fetch(
                server.url(.misrange, "episode.mp3"), options: HTTPOptions(timeout: 2), maximumBytes: 1 << 20, from: 5_000,
                compressed: false, body: { spliced += $0 })
        }
        #expect(spliced.isEmpty)
    }

    /// The charset a server names in its `Content-Type` reaches the caller before the body,
    /// so a feed can be read in it; an answer that names none says so.
    @Test func theCharsetTheServerNamesIsHandedOn() throws {
        var told: [String?] = []
        for type in ["application/rss+xml;%20charset=%22ISO-8859-1%22", "text/xml;charset=koi8-r", "application/rss+xml"] {
            _ = try DocumentFetcher.fetch(
                server.url(.contentType(type), "feed.xml"), options: HTTPOptions(timeout: 2), maximumBytes: 1 << 20,
                answered: { told.append($0.charset) }, body: { _ in })
        }
        #expect(told == ["ISO-8859-1", "koi8-r", nil])
        #expect(FetchTransfer.charset(ofContentType: "text/xml; Charset = windows-1251 ; q=1") == "windows-1251")
        #expect(FetchTransfer.charset(ofContentType: "text/xml; charset=\"\"") == nil)
        #expect(FetchTransfer.charset(ofContentType: "text/xml; format=flowed") == nil)
    }

    /// A weak ETag is never sent as `If-Range` (it may not be used for ranges); the date is.
    @Test func ifRangeTakesAStrongValidatorOnly() {
        #expect(DocumentFetcher.Validators(etag: "\"abc\"", lastModified: "Sun, 29 Nov 2026 00:00:00 GMT").ifRange == "\"abc\"")
        #expect(
            DocumentFetcher.Validators(etag: "W/\"abc\"", lastModified: "Sun, 29 Nov 2026 00:00:00 GMT").ifRange == "Sun, 29 Nov 2026 00:00:00 GMT")
        #expect(DocumentFetcher.Validators().ifRange == nil)
        #expect(FetchTransfer.start(ofContentRange: "bytes 500-999/1000") == 500)
        #expect(FetchTransfer.start(ofContentRange: "bytes */1000") == nil)
        #expect(FetchTransfer.start(ofContentRange: "items 0-1/2") == nil)
    }
}
