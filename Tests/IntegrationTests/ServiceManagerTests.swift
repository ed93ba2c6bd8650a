import Foundation
import Glibc
import RondoClient
import RondoProtocol
import RondoTesting
import Testing

/// rondod under systemd's notify protocol: what a `Type=notify` unit's manager hears.
struct ServiceManagerTests {
    /// With `NOTIFY_SOCKET` set, rondod sends `READY=1` (with a status) only once its socket
    /// answers, `WATCHDOG=1` when `WATCHDOG_USEC` asks for it, and `STOPPING=1` on SIGTERM.
    @Test func notifiesReadyWatchdogAndStopping() throws {
        let directory = try TemporaryDirectory(prefix: "rondo-notify")
        defer { directory.remove() }
        let listener = try DatagramListener(path: directory.appending("notify"))
        let daemon = try DaemonProcess(
            pulseServer: nil,
            environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000"])
        let ready = try #require(listener.receive(timeout: 5))
        #expect(ready.hasPrefix("READY=1\nSTATUS=stopped, 0 queued"), "\(ready)")
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).pid == daemon.pid)
        let ping = try #require(listener.receive(timeout: 3))
        #expect(ping == "WATCHDOG=1")
        #expect(daemon.stop() == 0)
        var messages: [String] = []
        while let message = listener.receive(timeout: 1) { messages.append(message) }
        #expect(messages.contains("STOPPING=1"), "\(messages)")
    }

    /// Without `NOTIFY_SOCKET` nothing is sent and the daemon serves as usual.
    @Test func silentOutsideSystemd() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).pid == daemon.pid)
    }
}

/// A Unix datagram socket that receives what rondod sends to `NOTIFY_SOCKET`.
private final class DatagramListener {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (offset, byte) in path.utf8.enumerated() { bytes[offset] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(descriptor) }

    /// The next datagram, or `nil` after `timeout` seconds without one.
    func receive(timeout: Double) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}

/// The socket's peer-credential gate (SPEC §2: only the daemon's own user may connect).
struct PeerCredentialTests {
    /// Connects to `socket` as uid 65534, sends `line` (when given), and prints what comes
    /// back until the daemon closes, then `closed`.
    private static func asAnotherUser(connectingTo socket: String, sending line: String?) -> (status: Int32, stdout: String, stderr: String) {
        let send =
            line.map {
                """
                try:
                    s.sendall(b'\($0)\\n')
                except (BrokenPipeError, ConnectionResetError):
                    pass
                """
            } ?? ""
        let probe = """
            import socket
            s = socket.socket(socket.AF_UNIX)
            s.connect("\(socket)")
            \(send)
            s.settimeout(5)
            data = b""
            try:
                while True:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            except ConnectionResetError:
                pass
            print(data.decode().strip())
            print("closed")
            """
        return Subprocess.capture(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", probe])
    }

    /// A client running as another user is refused even when the socket's permissions are
    /// loosened to let it connect: it gets a `permissionDenied` error line and nothing of
    /// the daemon's, the connection is closed, and the refusal is logged.
    @Test func anotherUserIsRefused() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        chmod(daemon.directory.path, 0o755)
        chmod(daemon.socketPath, 0o666)
        let run = Self.asAnotherUser(connectingTo: daemon.socketPath, sending: #"{"jsonrpc":"2.0","id":1,"method":"daemon.info"}"#)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.last == "closed", "\(run.stdout)")
        let refusal = try JSONValue.parse(lines.first ?? "")
        #expect(refusal["error"]?["data"]?["code"] == .string("permissionDenied"))
        #expect(refusal["id"] == .null)
        #expect(refusal["result"] == nil)
        #expect(daemon.log.contains("refused client connection"), "\(daemon.log)")
        #expect(try daemon.client().call(Methods.DaemonInfoMethod.self).pid == daemon.pid)
    }

    /// The MPD socket's door is the same: a client of another user is greeted, told why in
    /// one `ACK` line, and closed; the refusal is logged, and the daemon's user still gets in.
    @Test func anotherUserIsRefusedOnTheMPDSocket() throws {
        let daemon = try DaemonProcess(pulseServer: nil)
        let mpdSocket = daemon.directory.appending("mpd.sock")
        _ = try MPDLineClient(socketPath: mpdSocket)
        chmod(daemon.directory.path, 0o755)
        chmod(mpdSocket, 0o666)
        let run = Self.asAnotherUser(connectingTo: mpdSocket, sending: nil)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines.first?.hasPrefix("OK MPD ") == true && lines.last == "closed", "\(run.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("ACK [4@0] {} only the user who runs rondod may connect") == true, "\(run.stdout)")
        #expect(daemon.log.contains("refused MPD connection"), "\(daemon.log)")
        #expect(try MPDLineClient(socketPath: mpdSocket).call("ping") == ["OK"])
    }
}
