import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// Named pipes and devices never hang the daemon: they are refused when queued or prompted,
/// skipped when one takes a queued file's place, and listed as problems by a scan.
@Suite(.sameOnEveryAudioServer("pipes and devices refused before any sound"))
struct SpecialFileTests {
    /// A FIFO in a fresh directory (nothing ever writes to it).
    private func makeFIFO(_ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.appending(name)
        try #require(mkfifo(path, 0o600) == 0)
        return path
    }

    /// The error code a call failed with, or `nil` when it succeeded.
    private func failure<T>(_ call: () throws -> T) -> ErrorCode? {
        do {
            _ = try call()
            return nil
        } catch let error as ClientError {
            guard case .rpc(let reply) = error else { return nil }
            return reply.data?.code
        } catch {
            return nil
        }
    }

    /// Queuing a named pipe or a device is refused with `badParam`, naming what it is; the
    /// queue and now-playing answer at once afterwards.
    @Test func queuingAPipeOrADeviceIsRefused() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-fifo")
        let fifo = try makeFIFO("x.mp3", in: directory)
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        for path in [fifo, "/dev/zero", "/dev/null"] {
            #expect(failure { try client.call(Methods.QueueAppend.self, QueueItemsParams(items: [path])) } == .badParam)
            #expect(failure { try client.call(Methods.QueueSet.self, QueueItemsParams(items: [path])) } == .badParam)
        }
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).count == 0)
        #expect(try client.call(Methods.NowPlayingGet.self).playbackState == .stopped)
    }

    /// A queued file replaced by a named pipe is skipped when its turn comes, like any file
    /// that cannot be decoded: the next one is heard and every request still answers.
    @Test func aPipeInAQueuedFilesPlaceIsSkipped() throws {
        let bench = try AudioTestBench()
        let directory = try TemporaryDirectory(prefix: "rondo-fifo")
        let first = directory.appending("first.mp3")
        try FileManager.default.copyItem(atPath: Fixtures.path("short-a.mp3"), toPath: first)
        _ = try bench.client.call(
            Methods.QueueSet.self, QueueItemsParams(items: [first, Fixtures.path("long440.mp3")]))
        try FileManager.default.removeItem(atPath: first)
        _ = try makeFIFO("first.mp3", in: directory)
        try bench.send(.play)
        #expect(try bench.wait(upTo: 2) { try bench.nowPlaying().info.playbackQueueIndex == 1 })
        #expect(try bench.nowPlaying().playbackState == .playing)
        #expect(bench.heardLevel(of: 440, over: 0.3) > fixtureToneLevel - 3)
        #expect(try bench.client.call(Methods.QueueGet.self, QueueGetParams()).count == 2)
    }

    /// `prompt.play` of a named pipe answers at once with an error, and leaves no prompt
    /// session behind.
    @Test func promptingAPipeIsRefusedAndLeavesNoSession() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-fifo")
        let fifo = try makeFIFO("turn-left.wav", in: directory)
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        #expect(failure { try client.call(Methods.PromptPlay.self, PromptPlayParams(file: fifo)) } == .badParam)
        #expect(try client.call(Methods.SessionList.self).allSatisfy { $0.name != "prompt" })
    }

    /// A named pipe with an MP3's name in the music directory is listed as a problem, and
    /// the scan finishes with the real tracks.
    @Test func aScannedPipeIsAProblem() throws {
        let music = try TemporaryDirectory(prefix: "rondo-fifo")
        try FileManager.default.copyItem(atPath: Fixtures.path("short-a.mp3"), toPath: music.appending("a.mp3"))
        let fifo = try makeFIFO("x.mp3", in: music)
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--music-dir", music.path])
        defer { _ = daemon.stop() }
        let client = try daemon.client()
        let scan = try client.call(Methods.LibraryScan.self, LibraryScanParams())
        #expect(scan.added == 1)
        let problems = try client.call(Methods.LibraryProblems.self, Empty())
        #expect(problems.map(\.path) == [(fifo as NSString).standardizingPath])
        #expect(problems.first?.reason.contains("not a regular file") == true)
    }
}
