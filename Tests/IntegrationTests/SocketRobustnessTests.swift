import Foundation
import Glibc
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// A line the daemon must refuse with a JSON-RPC error, and the error it must answer.
struct RefusedLine: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    /// The expected `error.code`.
    let code: Int
    /// The expected `id` of the reply: the request's, or `null` when it cannot be read.
    let id: JSONValue

    var testDescription: String { name }

    static let all: [RefusedLine] = [
        RefusedLine(
            name: "truncated JSON", bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":"#.utf8), code: -32700, id: .null),
        RefusedLine(name: "invalid UTF-8", bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D], code: -32700, id: .null),
        RefusedLine(name: "binary", bytes: (0...255).map { UInt8($0) }.filter { $0 != 10 }, code: -32700, id: .null),
        RefusedLine(
            name: "nested 100000 deep",
            bytes: Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
            code: -32700, id: .null),
        RefusedLine(name: "a JSON array", bytes: Array("[1,2]".utf8), code: -32600, id: .null),
        RefusedLine(
            name: "JSON-RPC 1.0", bytes: Array(#"{"jsonrpc":"1.0","id":7,"method":"daemon.info"}"#.utf8), code: -32600,
            id: .number(7)),
        RefusedLine(name: "no method", bytes: Array(#"{"jsonrpc":"2.0","id":8}"#.utf8), code: -32600, id: .number(8)),
        RefusedLine(
            name: "method 00", bytes: Array(#"{"jsonrpc":"2.0","id":1,"method":00}"#.utf8), code: -32700, id: .null),
        RefusedLine(
            name: "jsonrpc 1e", bytes: Array(#"{"jsonrpc":1e,"id":1,"method":"daemon.info"}"#.utf8), code: -32700,
            id: .null),
        RefusedLine(
            name: "id 01", bytes: Array(#"{"jsonrpc":"2.0","id":01,"method":"daemon.info"}"#.utf8), code: -32700,
            id: .null),
    ]
}

/// A request with params that do not fit its method.
struct MisfitParams: Sendable, CustomTestStringConvertible {
    let method: String
    let params: String

    var testDescription: String { "\(method) \(params)" }

    static let all: [MisfitParams] = [
        MisfitParams(method: "queue.remove", params: #"{"index":"first"}"#),
        MisfitParams(method: "queue.move", params: #"{"from":0}"#),
        MisfitParams(method: "remote.send", params: #"{"command":"fly"}"#),
        MisfitParams(method: "queue.append", params: #"{"items":"/music/a.mp3"}"#),
        MisfitParams(method: "events.subscribe", params: #"{"topics":["weather"]}"#),
    ]
}

/// A well-formed request the daemon refuses with one of its own (SPEC §9) error codes.
struct DomainRefusal: Sendable, CustomTestStringConvertible {
    let method: String
    let params: String
    /// The expected `error.data.code`.
    let code: String

    var testDescription: String { "\(method) \(params) → \(code)" }

    static let all: [DomainRefusal] = [
        DomainRefusal(method: "queue.remove", params: #"{"index":99}"#, code: "indexOutOfRange"),
        DomainRefusal(method: "queue.move", params: #"{"from":0,"to":1}"#, code: "indexOutOfRange"),
        DomainRefusal(method: "queue.playIndex", params: #"{"index":0}"#, code: "indexOutOfRange"),
        DomainRefusal(method: "queue.append", params: #"{"items":["relative/a.mp3"]}"#, code: "badParam"),
        DomainRefusal(method: "queue.append", params: #"{"items":["/nonexistent/rondo/a.mp3"]}"#, code: "notFound"),
    ]
}

/// The daemon's socket under bad input and bad clients (SPEC §2, §9), spoken to in raw
/// bytes: malformed, oversized and pipelined lines, notifications, clients that hang up
/// or never read, events, and the socket's permissions and shutdown.
@Suite
struct SocketRobustnessTests {
    /// `queue.append` params for the named fixtures.
    private func items(_ names: String...) -> String {
        #"{"items":[\#(names.map { JSONValue.literal(Fixtures.path($0)) }.joined(separator: ","))]}"#
    }

    /// Waits up to `seconds` for `condition`, polling; returns whether it came true.
    private func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return try condition()
    }

    /// The queue's length, asked on a new connection.
    private func queueCount(_ daemon: DaemonProcess) throws -> Double? {
        try RawSocket(path: daemon.socketPath).call("queue.get", id: 1)["result"]?["count"]?.numeric
    }

    /// Whether the daemon still runs and answers `daemon.info` on a new connection.
    private func answersOnANewConnection(_ daemon: DaemonProcess) throws -> Bool {
        let reply = try RawSocket(path: daemon.socketPath).call("daemon.info", id: 99)
        return daemon.isRunning && reply["id"] == .number(99) && reply["result"]?["pid"]?.numeric == Double(daemon.pid)
    }

    /// Malformed, non-UTF-8, binary, absurdly nested or non-request lines get an error
    /// reply with the SPEC code and the request's id (`null` when unreadable), and the same
    /// connection then answers the next request.
    @Test(arguments: RefusedLine.all)
    func refusedLineGetsAnErrorAndTheConnectionGoesOn(_ line: RefusedLine) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        try client.send(line.bytes + [UInt8(ascii: "\n")])
        let reply = try client.readMessage()
        #expect(reply["jsonrpc"] == .string("2.0"))
        #expect(reply["id"] == line.id)
        #expect(reply["error"]?["code"]?.numeric == Double(line.code))
        #expect(reply["error"]?["message"]?.text?.isEmpty == false)
        #expect(reply["result"] == nil)

        let info = try client.call("daemon.info", id: 2)
        #expect(info["id"] == .number(2))
        #expect(info["result"]?["version"]?.text != nil)
        #expect(daemon.isRunning)
    }

    /// An unknown method is answered with -32601 under the request's id, naming the method.
    @Test func unknownMethodIsMethodNotFound() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        let reply = try client.call("queue.shuffleEverything", id: 5)
        #expect(reply["id"] == .number(5))
        #expect(reply["error"]?["code"]?.numeric == -32601)
        #expect(reply["error"]?["message"]?.text?.contains("queue.shuffleEverything") == true)
        #expect(try client.call("daemon.info", id: 6)["result"] != nil)
        #expect(daemon.isRunning)
    }

    /// Params of the wrong type, missing or out of their enumeration are answered with
    /// -32602 under the request's id, with a message naming the method, and change nothing.
    @Test(arguments: MisfitParams.all)
    func misfitParamsAreInvalidParams(_ request: MisfitParams) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        let reply = try client.call(request.method, id: 3, params: request.params)
        #expect(reply["id"] == .number(3))
        #expect(reply["error"]?["code"]?.numeric == -32602)
        #expect(reply["error"]?["message"]?.text?.contains(request.method) == true)
        #expect(try queueCount(daemon) == 0)
    }

    /// Requests the daemon understands but refuses carry a domain code in -32000…-32099
    /// and the stable `error.data.code` of SPEC §9.
    @Test(arguments: DomainRefusal.all)
    func domainErrorsCarryTheirStableCode(_ request: DomainRefusal) throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        let reply = try client.call(request.method, id: 4, params: request.params)
        #expect(reply["id"] == .number(4))
        let code = try #require(reply["error"]?["code"]?.numeric)
        #expect((-32099 ... -32000).contains(code))
        #expect(reply["error"]?["data"]?["code"] == .string(request.code))
        #expect(reply["error"]?["message"]?.text?.isEmpty == false)
        #expect(daemon.isRunning)
    }

    /// Requests written together in one write are answered in order, each under its own
    /// id (numbers and strings), errors included; a notification among them is carried
    /// out before the requests after it and gets no reply.
    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        let batch = [
            RawSocket.request("daemon.info", id: 1),
            #"{"jsonrpc":"2.0","id":"two","method":"queue.get"}"# + "\n",
            RawSocket.request("no.such.method", id: 3),
            RawSocket.request("queue.append", id: nil, params: items("tone440.mp3")),
            RawSocket.request("queue.get", id: 4),
            RawSocket.request("queue.remove", id: 5, params: #"{"index":5}"#),
            RawSocket.request("queue.remove", id: 6, params: #"{"index":0}"#),
        ]
        try client.send(batch.joined())
        let replies = try (0..<6).map { _ in try client.readMessage() }
        #expect(
            replies.map { $0["id"] } == [.number(1), .string("two"), .number(3), .number(4), .number(5), .number(6)])
        #expect(replies[0]["result"]?["version"] != nil)
        #expect(replies[1]["result"]?["count"] == .number(0))
        #expect(replies[2]["error"]?["code"] == .number(-32601))
        #expect(replies[3]["result"]?["count"] == .number(1))
        #expect(replies[4]["error"]?["data"]?["code"] == .string("indexOutOfRange"))
        #expect(replies[5]["result"] == .object([:]))
        #expect(daemon.isRunning)
    }

    /// Thousands of lines written at once, each other one a request that runs on a task
    /// (`queue.append`), are all answered, in order: the lines that wait behind a running
    /// request pause the reading, and the reading resumes once they are handled.
    @Test func thousandsOfLinesBehindRunningRequestsAreAnsweredInOrder() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        let rounds = 600
        let batch = (0..<rounds).map { round in
            RawSocket.request("queue.append", id: 2 * round, params: items("tone440.mp3"))
                + RawSocket.request("queue.get", id: 2 * round + 1)
        }
        try client.send(batch.joined())
        for round in 0..<rounds {
            let appended = try client.readMessage()
            let listed = try client.readMessage()
            try #require(appended["id"] == .number(Double(2 * round)), "reply \(2 * round): \(appended)")
            try #require(listed["id"] == .number(Double(2 * round + 1)))
            #expect(listed["result"]?["count"] == .number(Double(round + 1)))
        }
        #expect(daemon.isRunning)
    }

    /// Notifications get no reply, whether they succeed, name an unknown method or carry
    /// bad params: the first line back is the reply to the request sent after them.
    @Test func notificationsGetNoReply() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        try client.send(
            RawSocket.request("daemon.info", id: nil) + RawSocket.request("no.such.method", id: nil)
                + RawSocket.request("queue.remove", id: nil, params: #"{"index":"x"}"#)
                + RawSocket.request("queue.remove", id: nil, params: #"{"index":42}"#)
                + RawSocket.request("queue.get", id: 42))
        let first = try client.readMessage()
        #expect(first["id"] == .number(42))
        #expect(first["result"]?["count"] == .number(0))
        #expect(daemon.isRunning)
    }

    /// A 2 MiB line without a newline gets one error reply (-32600, id `null`) as soon as
    /// it passes 1 MiB; the rest of the line up to its newline is discarded, after which
    /// the same connection, and a new one, are served.
    @Test func oversizedLineIsRefusedAndTheDaemonGoesOn() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        try client.send([UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20))
        let reply = try client.readMessage()
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == .number(-32600))
        #expect(reply["error"]?["message"]?.text?.contains("1048576") == true)

        try client.send("\n" + RawSocket.request("daemon.info", id: 2))
        let next = try client.readMessage()
        #expect(next["id"] == .number(2))
        #expect(next["result"] != nil)
        #expect(try answersOnANewConnection(daemon))
    }

    /// The cap is exactly 1 MiB (1048576 bytes before the newline): a request padded to
    /// that length is answered, one byte more is refused.
    @Test func lineCapIsExactlyOneMebibyte() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        let request = #"{"jsonrpc":"2.0","id":1,"method":"daemon.info"}"#
        let padded = request + String(repeating: " ", count: (1 << 20) - request.utf8.count)
        try client.send(padded + "\n")
        let atCap = try client.readMessage()
        #expect(atCap["id"] == .number(1))
        #expect(atCap["result"] != nil)

        try client.send(padded + " \n")
        let overCap = try client.readMessage()
        #expect(overCap["id"] == .null)
        #expect(overCap["error"]?["code"] == .number(-32600))
        #expect(try client.call("daemon.info", id: 3)["id"] == .number(3))
        #expect(daemon.isRunning)
    }

    /// A client that hangs up halfway through a request changes nothing, and the next
    /// client is served.
    @Test func halfSentRequestThenHangUpChangesNothing() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let quitter = try RawSocket(path: daemon.socketPath)
        let request = RawSocket.request("queue.append", id: 1, params: items("tone440.mp3"))
        try quitter.send(String(request.prefix(request.count / 2)))
        quitter.close()

        #expect(try answersOnANewConnection(daemon))
        #expect(try queueCount(daemon) == 0)
    }

    /// A client that sends a request and hangs up before reading loses only its reply:
    /// the request is carried out and the next client is served.
    @Test func requestThenHangUpLosesOnlyTheReply() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let quitter = try RawSocket(path: daemon.socketPath)
        try quitter.send(RawSocket.request("queue.append", id: 1, params: items("tone440.mp3")))
        quitter.close()

        #expect(try eventually(within: 5) { try queueCount(daemon) == 1 })
        #expect(try answersOnANewConnection(daemon))
    }

    /// A client that sends its requests, the last without a newline, and then shuts down
    /// its writing side (`printf … | nc -U`) gets every reply before the daemon closes.
    @Test func halfClosedClientGetsEveryReply() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let client = try RawSocket(path: daemon.socketPath)
        try client.send(
            RawSocket.request("daemon.info", id: 1)
                + RawSocket.request("queue.append", id: 2, params: items("steps.mp3"))
                + #"{"jsonrpc":"2.0","id":3,"method":"queue.get"}"#)
        client.shutdownWriting()
        let replies = try client.readUntilClosed().map(RawSocket.parse)
        #expect(replies.map { $0["id"] } == [.number(1), .number(2), .number(3)])
        #expect(replies.last?["result"]?["count"] == .number(1))
        #expect(daemon.isRunning)
    }

    /// Fifty clients connecting at once and vanishing (mid-request, after a request, or
    /// silently) leave the daemon running; every complete request among them is carried out.
    @Test func fiftyClientsVanishingAtOnceLeaveTheDaemonServing() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let request = RawSocket.request("queue.append", id: 1, params: items("short-a.mp3"))
        let path = daemon.socketPath
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            guard let client = try? RawSocket(path: path) else { return }
            switch index % 3 {
            case 0: try? client.send(String(request.prefix(40)))
            case 1: try? client.send(request)
            default: break
            }
            client.close()
        }
        let complete = (0..<50).filter { $0 % 3 == 1 }.count
        #expect(try eventually(within: 10) { try queueCount(daemon) == Double(complete) })
        #expect(try answersOnANewConnection(daemon))
    }

    /// A connection subscribed to `queue` hears `queue.changed` (a notification: no id)
    /// for edits made on another connection, and nothing of topics it did not ask for;
    /// the editing connection, not subscribed, gets only its replies.
    @Test func subscriberHearsQueueChangesFromAnotherConnection() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let subscriber = try RawSocket(path: daemon.socketPath)
        let ack = try subscriber.call("events.subscribe", id: 1, params: #"{"topics":["queue"]}"#)
        #expect(ack["result"] == .object([:]))

        let editor = try RawSocket(path: daemon.socketPath)
        #expect(try editor.call("queue.append", id: 1, params: items("tone440.mp3"))["result"]?["count"] == .number(1))
        let appended = try subscriber.readMessage()
        #expect(appended["jsonrpc"] == .string("2.0"))
        #expect(appended["method"] == .string("queue.changed"))
        #expect(appended["id"] == nil)
        #expect(appended["params"]?["count"] == .number(1))

        #expect(try editor.call("queue.clear", id: 2)["id"] == .number(2))
        #expect(try editor.call("queue.append", id: 3, params: items("steps.mp3", "short-a.mp3"))["id"] == .number(3))
        let counts = try (0..<2).map { _ in try subscriber.readMessage() }
        #expect(counts.map { $0["method"] } == [.string("queue.changed"), .string("queue.changed")])
        #expect(counts.map { $0["params"]?["count"] } == [.number(0), .number(2)])
        #expect(try editor.call("daemon.info", id: 4)["id"] == .number(4))
        #expect(daemon.isRunning)
    }

    /// A subscriber that never reads while thousands of events are produced is dropped
    /// (its connection closed, logged once however many events follow) once its bounded
    /// outbox fills; the producer and a subscriber that reads are unaffected and miss
    /// nothing, and the daemon goes on.
    @Test func subscriberThatNeverReadsIsDroppedAlone() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let stalled = try RawSocket(path: daemon.socketPath)
        _ = try stalled.call("events.subscribe", id: 1, params: #"{"topics":["queue","nowPlaying"]}"#)
        let listener = try RawSocket(path: daemon.socketPath)
        _ = try listener.call("events.subscribe", id: 1, params: #"{"topics":["queue"]}"#)
        let producer = try RawSocket(path: daemon.socketPath)
        let appendThenClear =
            RawSocket.request("queue.append", id: 1, params: items("tone440.mp3"))
            + RawSocket.request("queue.clear", id: 2)

        var rounds = 0
        var roundsAfterDrop = 0
        var heard: [JSONValue] = []
        while rounds < 5000, roundsAfterDrop < 200 {
            try producer.send(appendThenClear)
            let replies = [try producer.readMessage(), try producer.readMessage()]
            try #require(replies.map { $0["id"] } == [.number(1), .number(2)])
            heard += try listener.readPendingLines().map(RawSocket.parse)
            rounds += 1
            if stalled.peerHasClosed { roundsAfterDrop += 1 }
        }
        #expect(stalled.peerHasClosed, "still connected after \(rounds) rounds (\(3 * rounds) events)")

        while heard.count < 2 * rounds { heard.append(try listener.readMessage()) }
        #expect(heard.count == 2 * rounds)
        #expect(heard.allSatisfy { $0["method"] == .string("queue.changed") })
        let expectedCounts = (0..<rounds).flatMap { _ in [JSONValue.number(1), .number(0)] }
        #expect(heard.map { $0["params"]?["count"] ?? .null } == expectedCounts)

        let leftover = try stalled.readUntilClosed()
        #expect(leftover.count < 3 * rounds)
        #expect(try producer.call("queue.get", id: 3)["result"]?["count"] == .number(0))
        #expect(try answersOnANewConnection(daemon))
        let drops = daemon.log.components(separatedBy: "does not read its events").count - 1
        #expect(drops == 1, "\(drops) drop warnings in the log")
    }

    /// When rondod creates the socket's directory it is 0700, and the socket itself 0600:
    /// only the daemon's user can reach it.
    @Test func socketAndItsDirectoryArePrivate() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-socket")
        defer { directory.remove() }
        let socketDirectory = directory.appending("runtime/rondo")
        let socketPath = socketDirectory + "/rondo.sock"
        let log = directory.appending("rondod.log")
        let daemon = try ChildProcess(
            [
                BuiltProducts.rondod, "--socket", socketPath, "--database", directory.appending("library.sqlite"),
                "--music-dir", directory.path,
            ],
            environment: [
                "PULSE_SERVER": "unix:" + directory.appending("no-pulse-here"),
                "XDG_DATA_HOME": directory.appending("data"),
                "XDG_CONFIG_HOME": directory.appending("config"), "RONDO_SOCKET": nil,
            ],
            standardError: .file(log))
        defer { daemon.terminate() }
        // The daemon logs "listening" only after it has set the socket's mode.
        let listening = eventually(within: 10) {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("listening on")
        }
        try #require(listening, "rondod did not start")

        var status = stat()
        try #require(stat(socketPath, &status) == 0)
        #expect(status.st_mode & mode_t(S_IFMT) == mode_t(S_IFSOCK))
        #expect(status.st_mode & 0o7777 == 0o600)
        try #require(stat(socketDirectory, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o700)
        #expect(try RawSocket(path: socketPath).call("daemon.info", id: 1)["result"] != nil)
    }

    /// SIGTERM stops the daemon cleanly: exit status 0, connected clients see their
    /// connection close, and the socket file is removed.
    @Test func sigtermClosesClientsAndRemovesTheSocket() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let subscriber = try RawSocket(path: daemon.socketPath)
        _ = try subscriber.call("events.subscribe", id: 1, params: #"{"topics":["queue","nowPlaying"]}"#)

        #expect(daemon.stop() == 0, "rondod log:\n\(daemon.log)")
        #expect(try subscriber.readUntilClosed().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }
}
