import Audio
import Foundation
import RondoTesting
import Testing

@testable import Streams

/// Dropped connections: a file resumes at its byte offset, a live stream is joined again,
/// and a server that stalls or trickles ends in `unreachable` with bounded memory.
@Suite struct HTTPByteSourceReconnectTests {
    let server: TestHTTPServer
    let file = StreamReading.bytes(count: 1_000_000, seed: 7)

    init() throws {
        server = try TestHTTPServer()
        try server.write("a.bin", file)
    }

    /// A connection cut mid-file (every 300,000 bytes) resumes at the byte it stopped at:
    /// the bytes read are the file's, and the resumes are counted.
    @Test func cutFileResumesAtItsOffset() throws {
        let options = HTTPOptions(timeout: 2, resumeWithin: 5)
        let source = try HTTPByteSource(url: server.url(.cut(afterBytes: 300_000), "a.bin"), options: options)
        #expect(source.isSeekable)
        let read = try StreamReading.readAll(source, chunk: 8_192)
        #expect(read.count == file.count)
        #expect(read == file)
        #expect(source.resumes == 3)
        #expect(source.rejoins == 0)
    }

    /// A server that stops sending for longer than the timeout is dropped and the file
    /// resumed at its offset; reads wait meanwhile and never return 0 early.
    @Test func stallIsADropAndResumes() throws {
        let options = HTTPOptions(timeout: 1, resumeWithin: 5)
        let source = try HTTPByteSource(url: server.url(.stall(afterBytes: 400_000, seconds: 30), "a.bin"), options: options)
        let read = try StreamReading.readAll(source, chunk: 65_536)
        #expect(read == file)
        #expect(source.resumes >= 2)
    }

    /// A live stream whose connection is cut is joined again and keeps delivering bytes
    /// from where it left off: each new listener gets a burst of what the station sent
    /// before, which the source skips (``RejoinSplice``), so the bytes read are the
    /// station's without a byte repeated or lost. Each rejoin is counted; meanwhile reads
    /// wait, the source says it waits for the network, and the buffer stays within its bound.
    @Test func liveStreamRejoins() throws {
        let options = HTTPOptions(timeout: 2, resumeWithin: 5)
        let source = try HTTPByteSource(url: server.url(.liveCut(afterBytes: 100_000), "a.bin"), options: options)
        #expect(source.isLiveStream)
        #expect(!source.isSeekable)
        #expect(source.length == nil)
        #expect(source.stationName == "Live Test")
        var read: [UInt8] = []
        var sawWaiting = false
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 1)
        defer { buffer.deallocate() }
        while read.count < 250_000 {
            sawWaiting = sawWaiting || source.isWaitingForNetwork
            #expect(source.bufferedBytes <= options.bufferBytes)
            let count = try source.read(into: buffer)
            #expect(count > 0)
            read += buffer.prefix(count)
        }
        #expect(sawWaiting)
        let station = Array(file.prefix(read.count))
        #expect(read.count == station.count && read.elementsEqual(station), "the station's bytes, each once")
        #expect(source.rejoins >= 2)
    }

    /// A rejoined live ICY stream that does not repeat what was heard, read by a reader that
    /// lets the buffer fill, as a decoder ahead of the speaker does: at each rejoin the
    /// splice looks for the place in 256 KiB, gives up and lets all of it go; that and the
    /// rest of the same piece (handed over in parts between metadata blocks) pass the
    /// buffer's room, and the oldest unread bytes give way. The source reads on across the
    /// rejoins, within its bound.
    @Test func rejoinedICYStreamWithAFullBufferReadsOn() throws {
        let options = HTTPOptions(timeout: 2, resumeWithin: 5)
        let source = try HTTPByteSource(
            url: server.url(.liveICYCut(afterBytes: 300_000, metaint: 500), "a.bin"), options: options)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 1)
        defer { buffer.deallocate() }
        let deadline = Date().addingTimeInterval(30)
        while source.rejoins < 3, Date() < deadline {
            for _ in 0..<20 where source.bufferedBytes < options.bufferBytes - buffer.count {
                Thread.sleep(forTimeInterval: 0.005)
            }
            #expect(source.bufferedBytes <= options.bufferBytes)
            #expect(try source.read(into: buffer) > 0)
        }
        #expect(source.rejoins >= 3)
    }

    /// A server trickling a byte a second is dropped (below 1 KiB/s for the timeout), not
    /// restored by answering and trickling again, and ends in `unreachable`; the buffer
    /// holds a few bytes at most meanwhile.
    @Test func trickleEndsUnreachableWithoutGrowing() throws {
        let options = HTTPOptions(timeout: 1, resumeWithin: 1)
        let started = ContinuousClock.now
        let source = try HTTPByteSource(url: server.url(.trickle, "a.bin"), options: options)
        var read = 0
        var largestBuffer = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 1)
        defer { buffer.deallocate() }
        var failure: AudioError?
        while failure == nil, ContinuousClock.now - started < .seconds(14) {
            largestBuffer = max(largestBuffer, source.bufferedBytes)
            do {
                let count = try source.read(into: buffer)
                if count == 0 { break }
                read += count
            } catch {
                failure = error
            }
        }
        #expect(
            failure.map { StreamReading.unreachableReason($0)?.contains("not restored within 1 s") == true } == true, "\(String(describing: failure))"
        )
        #expect(read < 30)
        #expect(largestBuffer < 30)
    }
}
