import Testing

@testable import Streams

/// The pure parts of the HTTP source: the ring, the response head, the back-off, the options.
struct HTTPPartsTests {
    /// The ring holds at most its limit unread, keeps read bytes behind the reader until
    /// their room is needed (at least its history), and wraps around correctly.
    @Test func ringKeepsHistoryAndBounds() {
        let ring = ByteRing(limit: 8, history: 4)
        let bytes: [UInt8] = Array(0..<100)
        var out = [UInt8](repeating: 0, count: 8)
        var written = 0
        var read: [UInt8] = []
        while read.count < bytes.count {
            while written < bytes.count, ring.canTake(3) {
                let piece = bytes[written..<min(bytes.count, written + 3)]
                piece.withUnsafeBytes { ring.append($0) }
                written += piece.count
            }
            #expect(ring.unread <= 8)
            let count = out.withUnsafeMutableBytes { ring.read(into: $0.baseAddress!, count: 5) }
            read += out.prefix(count)
            #expect(ring.readOffset - ring.start >= min(4, ring.readOffset))
        }
        #expect(read == bytes)
        #expect(ring.newest(3) == [97, 98, 99])
        #expect(ring.newest(100) == Array(88..<100), "only what the ring still holds")
        #expect(ring.holds(96))
        ring.moveReader(to: 96)
        let count = out.withUnsafeMutableBytes { ring.read(into: $0.baseAddress!, count: 8) }
        #expect(Array(out.prefix(count)) == [96, 97, 98, 99])
        #expect(!ring.holds(50))
        ring.reset(at: 1_000)
        #expect(ring.unread == 0 && ring.holds(1_000) && !ring.holds(999))
    }

    /// A live stream's bytes that would pass the limit push the oldest unread bytes out:
    /// the reader goes on with the newest, the ring never holds more than its limit, and a
    /// piece longer than the limit keeps only its last bytes.
    @Test func liveRingLetsTheOldestUnreadGo() {
        let ring = ByteRing(limit: 8, history: 4)
        var out = [UInt8](repeating: 0, count: 16)
        let first: [UInt8] = [0, 1, 2, 3, 4, 5]
        let second: [UInt8] = [6, 7, 8, 9]
        first.withUnsafeBytes { ring.appendDiscardingOldest($0) }
        second.withUnsafeBytes { ring.appendDiscardingOldest($0) }
        #expect(ring.unread == 8)
        var count = out.withUnsafeMutableBytes { ring.read(into: $0.baseAddress!, count: 16) }
        #expect(Array(out.prefix(count)) == [2, 3, 4, 5, 6, 7, 8, 9])
        Array(UInt8(10)..<30).withUnsafeBytes { ring.appendDiscardingOldest($0) }
        #expect(ring.unread == 8)
        count = out.withUnsafeMutableBytes { ring.read(into: $0.baseAddress!, count: 16) }
        #expect(Array(out.prefix(count)) == Array(22..<30))
        #expect(ring.newest(3) == [27, 28, 29])
    }

    /// Status lines, headers, ranges and the facts drawn from them.
    @Test func readsResponseHeads() {
        var head = HTTPResponseHead()
        let ends = ["HTTP/1.1 302 Found\r\n", "Location: /x\r\n", "\r\n"].map { head.add(line: $0) }
        #expect(ends == [false, false, true])
        #expect(head.isInterim)
        for line in [
            "HTTP/1.1 206 Partial Content\r\n", "Content-Type: Audio/MPEG; charset=x\r\n", "content-range: bytes 100-199/1000\r\n",
            "Accept-Ranges: bytes\r\n", "icy-name:  My Station \r\n", "Content-Length: 100\r\n",
        ] {
            _ = head.add(line: line)
        }
        #expect(!head.isInterim)
        #expect(head.status == 206)
        #expect(head.contentType == "audio/mpeg")
        #expect(head.contentRange?.start == 100)
        #expect(head.contentRange?.total == 1_000)
        #expect(head.contentLength == 100)
        #expect(head.acceptsRanges)
        #expect(head.hasICYHeaders)
        #expect(head.stationFields == ["icy-name": "My Station"])
        _ = head.add(line: "ICY 404 Not Found\r\n")
        #expect(head.statusDescription == "HTTP 404 Not Found")
        _ = head.add(line: "HTTP/2 503\r\n")
        #expect(head.statusDescription == "HTTP 503 Service Unavailable")
        #expect(head.headers.isEmpty)
    }

    /// Attempts after a drop wait 0.25 s, doubling to 2 s, while the window lasts.
    @Test func backsOffWithinTheWindow() {
        let start = ContinuousClock.now
        var window = ResumeWindow(since: start, seconds: 10)
        var now = start
        var delays: [Duration] = []
        while let due = window.nextAttempt(after: now) {
            delays.append(due - now)
            now = due
        }
        #expect(Array(delays.prefix(5)) == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(2)])
        #expect(now - start <= .seconds(10))
        #expect(now - start > .seconds(8))
    }

    /// The read-ahead is 2 s of 320 kbit/s by default, within 64 KiB and 4 MiB.
    @Test func sizesTheBuffer() {
        #expect(HTTPOptions().bufferBytes == 80_000)
        #expect(HTTPOptions(bufferSeconds: 0).bufferBytes == 65_536)
        #expect(HTTPOptions(bufferSeconds: 1_000).bufferBytes == 4 << 20)
        #expect(HTTPOptions.bufferBytes(seconds: .nan) == 65_536)
        #expect(HTTPOptions().timeout == 10 && HTTPOptions().resumeWithin == 30 && HTTPOptions().maxRedirects == 5)
    }
}
