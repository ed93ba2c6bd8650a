import CLinux
import Glibc

/// Tells systemd how the daemon is doing (sd_notify(3)): `READY=1`, `STATUS=…`,
/// `STOPPING=1` and `WATCHDOG=1`, as datagrams on the socket named by `NOTIFY_SOCKET`.
///
/// Without `NOTIFY_SOCKET` (not started by systemd as `Type=notify`) every call does
/// nothing. The protocol is a datagram of `KEY=VALUE` lines, so no library is needed.
/// Calls may come from any thread; each sends one datagram on its own socket.
struct ServiceManagerNotifier: Sendable {
    /// The socket path (an abstract socket when it starts with `@`), or `nil` when unset.
    let socketPath: String?
    /// Half the watchdog interval systemd asked for (`WATCHDOG_USEC`), or `nil` when there
    /// is no watchdog: how often ``ping()`` must be called.
    let watchdogInterval: Duration?

    /// Reads `NOTIFY_SOCKET` and `WATCHDOG_USEC` (honouring `WATCHDOG_PID`) from `environment`.
    init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forUs = environment["WATCHDOG_PID"].flatMap { Int32($0) }.map { $0 == getpid() } ?? true
        if forUs, let microseconds = environment["WATCHDOG_USEC"].flatMap(UInt64.init), microseconds > 0 {
            watchdogInterval = .microseconds(microseconds / 2)
        } else {
            watchdogInterval = nil
        }
    }

    /// `READY=1` with a status line: the socket answers, the database is open, state restored.
    func ready(status: String) { send("READY=1\nSTATUS=\(status)") }

    /// `STATUS=…`: a line `systemctl status` shows.
    func status(_ text: String) { send("STATUS=\(text)") }

    /// `RELOADING=1` with the monotonic time (as `Type=notify-reload` wants it): a reload
    /// of the configuration has begun; ``reloaded()`` ends it.
    func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        send("RELOADING=1\nMONOTONIC_USEC=\(Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1000)")
    }

    /// `READY=1` again: the reload is over, whether or not it changed anything.
    func reloaded() { send("READY=1") }

    /// `STOPPING=1`: shutdown has begun.
    func stopping() { send("STOPPING=1") }

    /// `WATCHDOG=1`: the daemon is alive.
    func ping() { send("WATCHDOG=1") }

    private func send(_ message: String) {
        guard let socketPath, socketPath.utf8.count < 108 else { return }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        // An abstract socket is written with a leading "@" and addressed with a leading NUL.
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (offset, byte) in bytes.enumerated() { path[offset] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        _ = message.utf8CString.withUnsafeBufferPointer { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, text.baseAddress, text.count - 1, Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
    }
}
