import RondoTesting
import RondoView
import Testing

/// The view's reading of a request's head: what it serves, what it refuses and why, and that
/// no bytes make it trap.
@Suite
struct ViewRequestHeadTests {
    private func read(_ text: String) -> ViewRequestHead.Reading { ViewRequestHead.read(Array(text.utf8)) }

    private func parsed(_ text: String) -> (head: ViewRequestHead, bodyStart: Int)? {
        guard case .head(let head, let bodyStart) = read(text) else { return nil }
        return (head, bodyStart)
    }

    private func refusal(_ text: String) -> ViewStatus? {
        guard case .refused(let status, _) = read(text) else { return nil }
        return status
    }

    @Test func aBrowsersRequestIsReadWithItsHeadersAndBody() throws {
        let text = "POST /rpc?token=ab HTTP/1.1\r\nHost: 127.0.0.1:8737\r\nContent-Type:application/json \r\nContent-Length: 4\r\n\r\n{}\r\n"
        let (head, bodyStart) = try #require(parsed(text))
        #expect(head.method == "POST")
        #expect(head.target == "/rpc?token=ab")
        #expect(head.path == "/rpc")
        #expect(head.query == "token=ab")
        #expect(head.header("host") == "127.0.0.1:8737")
        #expect(head.header("content-type") == "application/json")
        #expect(head.contentLength == 4)
        #expect(!head.expectsContinue)
        #expect(Array(text.utf8)[bodyStart...].elementsEqual("{}\r\n".utf8))
    }

    @Test func bareLineFeedsEndLinesToo() throws {
        let (head, bodyStart) = try #require(parsed("GET / HTTP/1.0\nHost: localhost:1\n\nrest"))
        #expect(head.method == "GET" && head.target == "/" && head.header("host") == "localhost:1")
        #expect(head.contentLength == 0 && head.query.isEmpty)
        #expect(bodyStart == "GET / HTTP/1.0\nHost: localhost:1\n\n".utf8.count)
    }

    @Test func headerValuesAreLatin1() throws {
        var bytes = Array("GET / HTTP/1.1\r\nX-Name: caf".utf8)
        bytes += [0xE9]
        bytes += Array("\r\nExpect: 100-Continue\r\n\r\n".utf8)
        guard case .head(let head, _) = ViewRequestHead.read(bytes) else {
            Issue.record("not read")
            return
        }
        #expect(head.header("x-name") == "café")
        #expect(head.expectsContinue)
    }

    @Test func aHeadIsIncompleteUntilItsEmptyLine() {
        let text = "GET /events?topics=queue HTTP/1.1\r\nHost: 127.0.0.1:9\r\n\r\n"
        let bytes = Array(text.utf8)
        for cut in 0..<bytes.count {
            #expect(ViewRequestHead.read(Array(bytes[..<cut])) == .incomplete, "cut at \(cut)")
        }
        #expect(parsed(text) != nil)
    }

    @Test func whatTheViewDoesNotServeIsRefusedWithItsStatus() {
        #expect(refusal("NOT HTTP\r\n\r\n") == .badRequest)
        #expect(refusal("GET  / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(refusal("GET relative HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(refusal("G\u{1}T / HTTP/1.1\r\n\r\n") == .badRequest)
        #expect(refusal("GET / HTTP/2.0\r\n\r\n") == .versionNotSupported)
        #expect(refusal("GET / HTTP/1.1\r\nno colon here\r\n\r\n") == .badRequest)
        #expect(refusal("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") == .badRequest)
        #expect(refusal("POST /rpc HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == .notImplemented)
        #expect(refusal("POST /rpc HTTP/1.1\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\n") == .badRequest)
        #expect(refusal("POST /rpc HTTP/1.1\r\nContent-Length: -4\r\n\r\n") == .badRequest)
        #expect(refusal("POST /rpc HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n") == .badRequest)
        #expect(parsed("POST /rpc HTTP/1.1\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\n")?.head.contentLength == 4)
    }

    @Test func aHeadPastItsCapIsRefusedWithoutItsEnd() {
        let long = "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: ViewRequestHead.sizeCap)
        #expect(refusal(long) == .headersTooLarge)
        #expect(refusal(long + "\r\n\r\n") == .headersTooLarge)
        #expect(ViewRequestHead.read(Array(long.utf8.prefix(ViewRequestHead.sizeCap - 1))) == .incomplete)
    }

    /// Random bytes, and requests with random bytes changed, never trap; whatever is read as
    /// a head names a body inside what was read.
    @Test func noBytesMakeItTrap() {
        var generator = SplitMix64(seed: 0x5eed_0f_7e57)
        let valid = Array("POST /rpc?token=1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 2\r\n\r\n{}".utf8)
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                if generator.next() % 2 == 0 { bytes += [13, 10, 13, 10] }
            } else {
                bytes = valid
                for _ in 0..<(1 + generator.next() % 4) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            if case .head(let head, let bodyStart) = ViewRequestHead.read(bytes) {
                #expect(bodyStart <= bytes.count && head.contentLength >= 0)
            }
        }
    }
}
