import Audio
import Glibc
import RondoTesting
import Testing

@testable import Streams

/// An ICY stream through a real server: the audio comes out without its metadata, and
/// each title reaches the reader, on its thread, at the offset it applies from.
@Suite struct ICYStreamTests {
    let server: TestHTTPServer
    let file = StreamReading.bytes(count: 300_000, seed: 3)

    init() throws {
        server = try TestHTTPServer()
        try server.write("a.bin", file)
    }

    /// The reads are exactly the audio bytes; the station's headers come first, then each
    /// change of title at the offset of the audio block after it. The station sends nothing
    /// after the file and stays connected, so a reader of one byte at a time, starved of CPU
    /// beside a full test run, never races a drop and its rejoin; and it takes the transfer
    /// below 1 KiB/s, which counts as a stall within the stall timeout: the timeout here is
    /// long enough that it never does.
    @Test(arguments: [1, 777, 8_000, 65_536])
    func demuxesAudioAndTitles(chunk: Int) throws {
        let source = try HTTPByteSource(url: server.url(.icy(metaint: 8_000, titleEvery: 20_000), "a.bin"), options: HTTPOptions(timeout: 30))
        #expect(source.isLiveStream)
        #expect(!source.isSeekable)
        #expect(source.stationName == "Test Radio")
        var reported: [(offset: Int64, fields: [String: String])] = []
        let reader = pthread_self()
        var onOtherThreads = 0
        source.onMetadata = { [unowned source] fields in
            reported.append((source.position, fields))
            if pthread_equal(pthread_self(), reader) == 0 { onOtherThreads += 1 }
        }
        let read = try StreamReading.readAll(source, chunk: chunk, limit: file.count)
        #expect(read == file)
        #expect(onOtherThreads == 0)

        var expected: [(offset: Int64, fields: [String: String])] = [(0, ["icy-name": "Test Radio", "icy-genre": "Testing"])]
        var last = ""
        for offset in stride(from: 8_000, to: file.count, by: 8_000) where "Title \(offset / 20_000)" != last {
            last = "Title \(offset / 20_000)"
            expected.append((Int64(offset), ["StreamTitle": last]))
        }
        #expect(reported.map(\.offset) == expected.map(\.offset))
        #expect(reported.map(\.fields) == expected.map(\.fields))
    }

    /// Blocks of the format's largest size (a length byte of 255) are taken out whole.
    @Test func largestBlocksAreTakenOut() throws {
        let source = try HTTPByteSource(url: server.url(.icyLargestBlocks(metaint: 4_000), "a.bin"), options: HTTPOptions(timeout: 3))
        var titles: [String] = []
        source.onMetadata = { fields in fields["StreamTitle"].map { titles.append($0) } }
        #expect(try StreamReading.readAll(source, chunk: 3_000, limit: file.count) == file)
        #expect(titles.count == (file.count - 1) / 4_000)
        #expect(titles.first == "Block 1")
    }

    /// A live stream goes back to its start after its first bytes were looked at (a
    /// decoder telling the format), without the network; further back than it holds, no.
    @Test func liveStreamSeeksWithinWhatItHolds() throws {
        let source = try HTTPByteSource(url: server.url(.icy(metaint: 8_000, titleEvery: 20_000), "a.bin"), options: HTTPOptions(timeout: 3))
        let head = try StreamReading.readAll(source, chunk: 64, limit: 290)
        try source.seek(to: 0)
        #expect(try StreamReading.readAll(source, chunk: 64, limit: 290) == head)
        #expect(head == Array(file[0..<290]))
        _ = try StreamReading.readAll(source, chunk: 65_536, limit: 250_000)
        #expect(throws: AudioError.self) { try source.seek(to: 0) }
    }
}
