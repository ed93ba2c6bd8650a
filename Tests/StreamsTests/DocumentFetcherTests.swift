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

        Thread.sleep(forTimeInterval: 1.1)
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
}
