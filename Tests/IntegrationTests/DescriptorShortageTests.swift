import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// A daemon out of file descriptors waits for one without spinning, on both of its sockets,
/// and answers its clients again as soon as descriptors are freed.
@Suite(.serialized("it counts the daemon's CPU while descriptors run out: another test's load would be counted"))
struct DescriptorShortageTests {
    /// With rondod limited to 64 open files and 200 connections held on each socket, the
    /// daemon uses under 1 % of a core more than it does idle while they are held, and both
    /// sockets answer at once when they close: within 250 ms, connection included, on a
    /// machine running four other test processes (a paused acceptor that waited for a timer
    /// would miss it; the time itself, under 1 ms on a quiet machine, is a measurement for
    /// the notes, not for a test).
    @Test func heldConnectionsBeyondTheLimitCostNoCPU() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        defer { _ = daemon.stop() }
        let mpdSocket = daemon.directory.appending("mpd.sock")
        _ = try MPDLineClient(socketPath: mpdSocket)
        let idle = try Self.cpuShare(of: daemon.pid)
        let limited = try ChildProcess(["/usr/bin/prlimit", "--pid", String(daemon.pid), "--nofile=64:64"])
        try #require(limited.wait() == 0)

        var held = HeldConnections()
        defer { held.closeAll() }
        held.open(200, to: daemon.socketPath)
        held.open(200, to: mpdSocket)
        let bothPaused = eventually(within: 10) {
            daemon.log.contains("cannot accept client connections") && daemon.log.contains("cannot accept MPD connections")
        }
        #expect(bothPaused, "\(daemon.log.suffix(2000))")

        let whileHeld = try Self.cpuShare(of: daemon.pid)
        #expect(
            whileHeld - idle < 0.01, "rondod used \(whileHeld * 100) % of a core while the connections were held, \(idle * 100) % idle")

        held.closeAll()
        let jsonAnswer = try Self.timeToAnswer { try daemon.client().call(Methods.DaemonInfoMethod.self) != nil }
        let mpdAnswer = try Self.timeToAnswer {
            let client = try MPDLineClient(socketPath: mpdSocket)
            return try client.call("ping").last == "OK"
        }
        #expect(jsonAnswer < 0.25, "the JSON socket answered \(jsonAnswer) s after the connections closed")
        #expect(mpdAnswer < 0.25, "the MPD socket answered \(mpdAnswer) s after the connections closed")
        #expect(eventually { daemon.log.contains("accepting client connections again") && daemon.log.contains("accepting MPD connections again") })
    }

    /// Seconds from now until `answered` first succeeds, trying for at most 5 s.
    private static func timeToAnswer(_ answered: () throws -> Bool) throws -> Double {
        let start = Date()
        let ok = eventually(within: 5) { (try? answered()) == true }
        try #require(ok, "no answer within 5 s")
        return Date().timeIntervalSince(start)
    }

    /// The share of a core `pid` uses over a measurement window of 0.75 s, in which nothing
    /// else is asked of it (a spin is most of a core; the bound is a hundredth of one).
    private static func cpuShare(of pid: Int32) throws -> Double {
        let before = try cpuNanoseconds(of: pid)
        let started = ContinuousClock.now
        Thread.sleep(forTimeInterval: 0.75)
        let window = ContinuousClock.now - started
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) * 1e-18
        return Double(try cpuNanoseconds(of: pid) - before) * 1e-9 / seconds
    }

    /// The CPU time the threads of `pid` have used, in nanoseconds (each thread's
    /// `schedstat`: the scheduler's own count, finer than the clock ticks of `stat`).
    private static func cpuNanoseconds(of pid: Int32) throws -> UInt64 {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.reduce(0) { total, task in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return total + (stat.split(separator: " ").first.flatMap { UInt64($0) } ?? 0)
        }
    }
}

/// Connections opened without waiting and held open: a connect the socket's full queue
/// refuses (`EAGAIN`) is not held.
private struct HeldConnections {
    private var descriptors: [Int32] = []

    mutating func open(_ count: Int, to path: String) {
        for _ in 0..<count {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { return }
            if UnixSocketPath.connect(descriptor, to: path) == 0 { descriptors.append(descriptor) } else { close(descriptor) }
        }
    }

    mutating func closeAll() {
        for descriptor in descriptors { close(descriptor) }
        descriptors.removeAll()
    }
}
