import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// A second rondod never takes over the socket or the database of one that runs: it exits
/// with status 75 naming the PID that holds them, and the first keeps serving.
struct SecondDaemonTests {
    /// Runs a second rondod to completion with the given socket and database.
    private func runSecond(socket: String, database: String, in directory: TemporaryDirectory)
        -> (status: Int32, stdout: String, stderr: String)
    {
        Subprocess.capture(
            [BuiltProducts.rondod, "--socket", socket, "--database", database, "--music-dir", directory.path],
            environment: [
                "XDG_CONFIG_HOME": directory.appending("config"),
                "XDG_CACHE_HOME": directory.appending("cache"),
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"),
                "RONDO_SOCKET": nil,
            ])
    }

    /// A second daemon on the same socket path is refused; the first one's socket stays and answers.
    @Test func secondDaemonOnTheSameSocketIsRefused() throws {
        let first = try DaemonProcess(pulseServer: nil)
        defer { _ = first.stop() }
        let elsewhere = try TemporaryDirectory(prefix: "rondo-second")
        defer { elsewhere.remove() }
        let run = runSecond(socket: first.socketPath, database: elsewhere.appending("library.sqlite"), in: elsewhere)
        #expect(run.status == 75)
        #expect(run.stderr.contains("another rondod (process \(first.pid)) already uses the socket \(first.socketPath)"), "\(run.stderr)")
        #expect(try first.client().call(Methods.DaemonInfoMethod.self).pid == Int(first.pid))
        #expect(first.isRunning)
    }

    /// A second daemon on the same database with its own socket is refused before it opens the
    /// database: the first one's saved state is the only writer's.
    @Test func secondDaemonOnTheSameDatabaseIsRefused() throws {
        let first = try DaemonProcess(pulseServer: nil)
        defer { _ = first.stop() }
        let client = try first.client()
        let track = Fixtures.path("tone440.mp3")
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [track, track]))
        let elsewhere = try TemporaryDirectory(prefix: "rondo-second")
        defer { elsewhere.remove() }
        let database = first.directory.appending("library.sqlite")
        let run = runSecond(socket: elsewhere.appending("rondo.sock"), database: database, in: elsewhere)
        #expect(run.status == 75)
        #expect(run.stderr.contains("another rondod (process \(first.pid)) already uses the database \(database)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appending("rondo.sock")))
        #expect(try client.call(Methods.QueueGet.self, QueueGetParams()).count == 2)
    }

    /// Once the first daemon has stopped, a new one starts on the same socket and database.
    @Test func aStoppedDaemonLeavesNothingThatBlocksTheNext() throws {
        let first = try DaemonProcess(pulseServer: nil)
        first.kill()
        let next = try DaemonProcess(pulseServer: nil, restarting: first)
        defer { _ = next.stop() }
        #expect(try next.client().call(Methods.DaemonInfoMethod.self).pid == Int(next.pid))
    }

    /// A socket path where another program (not a rondod) accepts connections is neither
    /// unlinked nor taken over.
    @Test func aSocketServedByAnotherProgramIsLeftAlone() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-second")
        defer { directory.remove() }
        let path = directory.appending("rondo.sock")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        var before = stat()
        stat(path, &before)
        let run = runSecond(socket: path, database: directory.appending("library.sqlite"), in: directory)
        #expect(run.status == 75)
        #expect(run.stderr.contains("another process accepts connections on \(path)"), "\(run.stderr)")
        var after = stat()
        #expect(stat(path, &after) == 0 && after.st_ino == before.st_ino)
    }
}
