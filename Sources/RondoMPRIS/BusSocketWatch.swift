import Glibc

/// Watches the directory of the session bus's socket (inotify), so that while no bus runs
/// the MPRIS thread sleeps in `poll` until the socket is made, instead of trying the bus
/// every second.
///
/// Owned by the MPRIS thread, which polls ``descriptor`` and calls ``socketAppeared()``.
final class BusSocketWatch {
    /// The inotify descriptor, readable when something happened in the directory.
    let descriptor: Int32
    private let name: [UInt8]

    /// Watches the directory holding `socketPath`; `nil` when it cannot be watched (no such
    /// directory, no inotify).
    init?(socketPath: String) {
        guard let slash = socketPath.lastIndex(of: "/") else { return nil }
        let directory = slash == socketPath.startIndex ? "/" : String(socketPath[..<slash])
        name = Array(socketPath[socketPath.index(after: slash)...].utf8)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, directory, UInt32(IN_CREATE | IN_MOVED_TO | IN_ATTRIB)) >= 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Reads every event waiting; returns whether one of them made or changed the socket.
    func socketAppeared() -> Bool {
        var appeared = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return appeared }
            appeared = appeared || Self.names(in: buffer[..<count]).contains(name)
        }
    }

    /// The names in a run of `inotify_event` records: a 16-byte header whose last field is
    /// the length of the name that follows, padded with NULs.
    private static func names(in events: ArraySlice<UInt8>) -> [[UInt8]] {
        var names: [[UInt8]] = []
        var offset = events.startIndex
        while events.endIndex - offset >= 16 {
            let length = events[(offset + 12)..<(offset + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 16
            let end = min(start + length, events.endIndex)
            names.append(Array(events[start..<end].prefix { $0 != 0 }))
            offset = end
        }
        return names
    }
}
