import Foundation
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// Every client that connects is answered: served while the daemon has room, else told why
/// with an `isBusy` error line and closed, never left in silence.
@Suite
struct ClientLimitTests {
    /// Connects `count` clients, each sending `daemon.info`, and returns what each read first.
    private func connectAll(_ count: Int, to socket: String) throws -> (clients: [RawSocket], replies: [JSONValue]) {
        var clients: [RawSocket] = []
        for _ in 0..<count { clients.append(try RawSocket(path: socket)) }
        // A refused client may be closed before it sends: its error line is still there to read.
        for (index, client) in clients.enumerated() { try? client.send(RawSocket.request("daemon.info", id: index)) }
        return (clients, try clients.map { try $0.readMessage() })
    }

    /// Checks that the first `served` replies are results and the rest `isBusy` errors.
    private func expectServed(_ served: Int, of replies: [JSONValue]) {
        let results = replies.filter { $0["result"] != nil }.count
        let refusals = replies.filter { $0["error"]?["data"]?["code"] == .string("isBusy") }
        #expect(results == served)
        #expect(refusals.count == replies.count - served)
        #expect(refusals.allSatisfy { $0["error"]?["message"]?.text?.contains("max_clients") == true })
    }

    /// `max_clients = 5`: the sixth and seventh clients get an error line naming the cap;
    /// once one client leaves, a new one is served.
    @Test func clientsOverMaxClientsAreToldAndClosed() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-clients")
        defer { directory.remove() }
        let config = directory.appending("rondo.toml")
        try "max_clients = 5\n".write(toFile: config, atomically: false, encoding: .utf8)
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--config", config])
        defer { _ = daemon.stop() }
        // The connection that saw the daemon start is being closed: let it go first.
        Thread.sleep(forTimeInterval: 0.3)
        let (clients, replies) = try connectAll(7, to: daemon.socketPath)
        expectServed(5, of: replies)
        clients[0].close()
        var answered = false
        for _ in 0..<200 where !answered {
            let late = try RawSocket(path: daemon.socketPath)
            answered = (try? late.call("daemon.info", id: 1))?["result"] != nil
            late.close()
            if !answered { Thread.sleep(forTimeInterval: 0.025) }
        }
        #expect(answered)
        #expect(daemon.log.contains("refused client connection"))
    }

    /// A soft open-file limit of 512 under a hard one of 2048 is raised at start: 600 clients
    /// at once are all served.
    @Test func theSoftOpenFileLimitIsRaisedToTheHardOne() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-clients")
        defer { directory.remove() }
        let socket = directory.appending("rondo.sock")
        let daemon = try startLimited("512:2048", socket: socket, in: directory)
        defer { _ = daemon.terminate() }
        let (_, replies) = try connectAll(600, to: socket)
        expectServed(600, of: replies)
    }

    /// Starts rondod under the open-file limits `soft:hard` and waits until it answers.
    private func startLimited(_ limits: String, socket: String, in directory: TemporaryDirectory) throws -> ChildProcess {
        let daemon = try ChildProcess(
            [
                "/usr/bin/prlimit", "--nofile=\(limits)", BuiltProducts.rondod, "--socket", socket,
                "--database", directory.appending("library.sqlite"), "--music-dir", directory.path,
            ],
            environment: [
                "XDG_CONFIG_HOME": directory.appending("config"), "XDG_CACHE_HOME": directory.appending("cache"),
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"), "RONDO_SOCKET": nil,
            ],
            standardError: .file(directory.appending("rondod.log")))
        var up = false
        for _ in 0..<200 where !up {
            up = (try? RondoClient(socketPath: socket).call(Methods.DaemonInfoMethod.self)) != nil
            if !up { Thread.sleep(forTimeInterval: 0.025) }
        }
        try #require(up)
        return daemon
    }

    /// With a hard open-file limit of 256 that cannot be raised, 300 clients connect: as many
    /// as the limit leaves room for are served and every other one is told, none is silent.
    @Test func aLowOpenFileLimitCapsClientsWithAnAnswer() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-clients")
        defer { directory.remove() }
        let socket = directory.appending("rondo.sock")
        let daemon = try startLimited("256:256", socket: socket, in: directory)
        defer { _ = daemon.terminate() }
        let (_, replies) = try connectAll(300, to: socket)
        expectServed(256 - 128, of: replies)
        let log = (try? String(contentsOfFile: directory.appending("rondod.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("serving at most 128 clients, not max_clients 4096: the open-file limit is 256"), "\(log)")
    }
}
