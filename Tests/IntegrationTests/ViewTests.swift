import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Spawning
import Testing

/// The head-unit view over real HTTP (curl) on a loopback port: who may use it, and that
/// `/rpc` and `/events` are the socket's own method table and events.
@Suite
struct ViewTests {
    /// A daemon whose view listens on a port the system chooses, and the address
    /// `rondo view` prints for it.
    private func start(_ arguments: [String] = []) throws -> (daemon: DaemonProcess, url: String) {
        let daemon = try DaemonProcess(pulseServer: nil, arguments: ["--view", "127.0.0.1:0"] + arguments)
        let view = Subprocess.capture([BuiltProducts.rondo, "view"], environment: ["RONDO_SOCKET": daemon.socketPath])
        #expect(view.status == 0, "\(view.stderr)")
        return (daemon, view.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func parts(_ url: String) -> (origin: String, host: String, token: String) {
        let host = String(url.dropFirst("http://".count).prefix { $0 != "/" })
        return ("http://" + host, host, String(url.split(separator: "token=").last ?? ""))
    }

    /// `curl` with `arguments`; its HTTP status and body.
    private func curl(_ arguments: [String]) -> (status: Int, body: String) {
        let run = Subprocess.capture(["/usr/bin/curl", "-s", "-w", "\n%{http_code}", "--max-time", "5"] + arguments)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
    }

    @Test func theViewNeedsItsTokenAndItsOwnHost() throws {
        let (daemon, url) = try start()
        defer { _ = daemon.stop() }
        let (origin, _, token) = parts(url)
        #expect(url.hasPrefix("http://127.0.0.1:") && token.count == 64, "\(url)")

        let page = curl([url])
        #expect(page.status == 200)
        #expect(page.body.contains("<title>Rondo</title>"))
        #expect(curl([origin + "/"]).status == 401)
        #expect(curl([origin + "/?token=" + String(token.reversed())]).status == 401)
        #expect(curl(["-H", "Host: rebinding.example:\(origin.split(separator: ":").last!)", url]).status == 403)
        #expect(curl(["-H", "Origin: http://evil.example", url]).status == 403)
        #expect(curl(["\(origin)/artwork/..%2F..%2Fetc%2Fpasswd?token=\(token)"]).status == 404)
        #expect(curl(["--path-as-is", "\(origin)/artwork/../../etc/passwd?token=\(token)"]).status == 404)

        let tokenFile = (daemon.socketPath as NSString).deletingLastPathComponent + "/view-token"
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: tokenFile), "the token goes with the daemon")
    }

    /// A command posted to /rpc answers as on the socket, and its events arrive on /events.
    @Test func rpcAndEventsAreTheSocketsOwn() throws {
        let (daemon, url) = try start()
        defer { _ = daemon.stop() }
        let (origin, _, token) = parts(url)
        let client = try daemon.client()
        _ = try client.call(Methods.QueueSet.self, QueueItemsParams(items: [Fixtures.path("steps.mp3"), Fixtures.path("tone440.mp3")]))

        let events = daemon.directory.appending("events.txt")
        let stream = try ChildProcess(
            ["/usr/bin/curl", "-s", "-N", "\(origin)/events?token=\(token)&topics=queue,remote"],
            standardOutput: .file(events))
        defer { _ = stream.terminate() }
        // The view opens the stream with a comment as it subscribes.
        #expect(eventually { ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").contains(": events") })
        let reply = curl([
            "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json", "-H", "Origin: \(origin)",
            "-d", #"{"jsonrpc":"2.0","id":7,"method":"remote.send","params":{"command":"changeRepeatMode","repeatType":"all"}}"#,
            "\(origin)/rpc",
        ])
        #expect(reply.status == 200)
        #expect(reply.body.contains(#""id":7"#) && reply.body.contains(#""status":"success""#), "\(reply.body)")
        let repeatMode = try client.call(Methods.RemoteList.self).first { $0.command == .changeRepeatMode }?.currentRepeatType
        #expect(repeatMode == .all)
        _ = try client.call(Methods.QueueRemove.self, QueueIndexParams(index: 0))

        let deadline = Date().addingTimeInterval(2)
        var seen = ""
        while Date() < deadline, !(seen.contains("remote.changed") && seen.contains("queue.changed")) {
            Thread.sleep(forTimeInterval: 0.02)
            seen = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        }
        #expect(seen.contains("data: {") && seen.contains("remote.changed") && seen.contains("queue.changed"), "\(seen)")

        let unknown = curl(["-H", "Authorization: Bearer \(token)", "-d", #"{"jsonrpc":"2.0","id":1,"method":"no.such"}"#, "\(origin)/rpc"])
        #expect(unknown.body.contains("-32601"), "the socket's error codes: \(unknown.body)")
    }

    /// What the view cannot serve is answered with its status and loses the daemon nothing;
    /// a browser past the view's most connections is answered 503 until one closes.
    @Test func whatTheViewCannotServeIsAnsweredAndTheRestServedOn() throws {
        let (daemon, url) = try start()
        defer { _ = daemon.stop() }
        let (origin, host, token) = parts(url)
        let port = try #require(host.split(separator: ":").last.flatMap { Int($0) })

        #expect(try rawAnswer(port: port, "NOT HTTP\r\n\r\n").hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(try rawAnswer(port: port, "GET / HTTP/2.0\r\n\r\n").hasPrefix("HTTP/1.1 505 "))
        // Past 1 MiB a body is refused at its head: curl, waiting for 100 Continue, never sends it.
        let big = daemon.directory.appending("big.json")
        try Data(repeating: 32, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: big))
        let bearer = ["-H", "Authorization: Bearer \(token)"]
        #expect(curl(bearer + ["--data-binary", "@\(big)", "\(origin)/rpc"]).status == 413)
        #expect(curl(bearer + ["-H", "Transfer-Encoding: chunked", "-d", "{}", "\(origin)/rpc"]).status == 501)
        let ping = curl(bearer + ["-d", #"{"jsonrpc":"2.0","id":3,"method":"daemon.info"}"#, "\(origin)/rpc"])
        #expect(ping.status == 200 && ping.body.contains(#""id":3"#), "\(ping.body)")

        // Half a head each: held open, each a connection the view serves.
        var held: [Int32] = []
        defer { for descriptor in held { close(descriptor) } }
        for _ in 0..<64 {
            let descriptor = try LoopbackSocket.connect(port: port)
            held.append(descriptor)
            _ = "GET / HTTP/1.1\r\n".withCString { send(descriptor, $0, 16, Int32(MSG_NOSIGNAL)) }
        }
        let refused = curl([url])
        #expect(refused.status == 503 && refused.body.contains("at most 64"), "\(refused)")
        for descriptor in held { close(descriptor) }
        held = []
        #expect(eventually { curl([url]).status == 200 })
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).view != nil)
    }

    /// Sends `request` on a new connection to the view and reads its answer until it closes.
    private func rawAnswer(port: Int, _ request: String) throws -> String {
        let descriptor = try LoopbackSocket.connect(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// A view whose port is taken is logged and left off; the socket serves on.
    @Test func aViewThatCannotListenLeavesTheSocketServing() throws {
        let (first, url) = try start()
        defer { _ = first.stop() }
        let port = parts(url).host.split(separator: ":").last.map(String.init) ?? ""
        let second = try DaemonProcess(pulseServer: nil, arguments: ["--view", "127.0.0.1:\(port)"])
        defer { _ = second.stop() }
        #expect(eventually { second.log.contains("the head-unit view cannot listen") })
        let info = try second.client().call(Methods.DaemonInfoMethod.self)
        #expect(info.view == nil)
        #expect(second.log.contains("the head-unit view cannot listen"), "\(second.log)")
        let view = Subprocess.capture([BuiltProducts.rondo, "view"], environment: ["RONDO_SOCKET": second.socketPath])
        #expect(view.status == 1 && view.stderr.contains("view is off"), "\(view.stderr)")
    }
}
