import Foundation
import RondoTesting
import ServiceLifecycle
import Testing

@testable import RondoDaemon

/// The daemon's parts as one service group: the order they start in and stop in.
@Suite struct DaemonPartsTests {
    static let startOrder = [
        "audio server", "music library", "podcasts", "audio sessions", "player", "socket server", "MPD clients", "MPRIS", "other programs' players",
        "head-unit view",
        "configuration reloads",
        "systemd notifications",
    ]

    /// The parts start with the library and end with systemd's notifications, so the socket
    /// serves only once the state is there to serve.
    @Test func partsStartInDependencyOrder() async throws {
        let scratch = try ScratchDaemon()
        defer { scratch.directory.remove() }
        #expect(await scratch.daemon.parts().map(\.name) == Self.startOrder)
    }

    /// A graceful shutdown stops the running daemon's parts in reverse: systemd's
    /// notifications first, then the socket (clients closed, their sessions ended) before the
    /// player saves its state, sessions after the player, and the library's database last.
    @Test func gracefulShutdownStopsThePartsInReverse() async throws {
        let log = RecordedLog()
        let scratch = try ScratchDaemon(logger: log.logger)
        defer { scratch.directory.remove() }
        let group = await scratch.daemon.serviceGroup(gracefulShutdownSignals: [])
        let running = Task { try await group.run() }
        let socket = scratch.directory.appending("rondo.sock")
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(FileManager.default.fileExists(atPath: socket), "the socket is bound")
        await group.triggerGracefulShutdown()
        try await running.value

        let started = log.all.filter { $0.hasSuffix(" started") }
        let stopped = log.all.filter { $0.hasSuffix(" stopped") }
        #expect(Set(started) == Set(Self.startOrder.map { "\($0) started" }))
        #expect(stopped == Self.startOrder.reversed().map { "\($0) stopped" }, "\(stopped)")
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file is removed")
    }
}
