/// Where the session bus is found, as sd-bus looks for it (`sd_bus_open_user`):
/// `DBUS_SESSION_BUS_ADDRESS`, else `bus` in `XDG_RUNTIME_DIR`.
///
/// It decides how the MPRIS thread waits while no bus answers: for a socket file to appear,
/// now and then for an address it cannot watch, or not at all when the environment names
/// no bus (a running process's environment does not change, so none will ever be found).
enum SessionBusLocation: Equatable {
    /// The environment names no bus.
    case none
    /// A socket file at this path.
    case socket(path: String)
    /// An address of another kind (an abstract socket, TCP, several addresses).
    case other

    /// The location the environment gives.
    init(environment: [String: String]) {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] {
            self = address.isEmpty ? .none : Self.parse(address)
        } else if let directory = environment["XDG_RUNTIME_DIR"], directory.hasPrefix("/") {
            self = .socket(path: directory + "/bus")
        } else {
            self = .none
        }
    }

    /// A single `unix:path=…` address is a socket file; anything else is `other`.
    private static func parse(_ address: String) -> SessionBusLocation {
        guard !address.contains(";"), address.hasPrefix("unix:") else { return .other }
        let keys = address.dropFirst("unix:".count).split(separator: ",")
        guard let path = keys.first(where: { $0.hasPrefix("path=") })?.dropFirst("path=".count),
            let unescaped = unescape(path), unescaped.hasPrefix("/")
        else { return .other }
        return .socket(path: unescaped)
    }

    /// A D-Bus address value with its `%XX` escapes decoded; `nil` when one is malformed.
    private static func unescape(_ value: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = value.utf8.startIndex
        while index < value.utf8.endIndex {
            let byte = value.utf8[index]
            index = value.utf8.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let end = value.utf8.index(index, offsetBy: 2, limitedBy: value.utf8.endIndex) ?? value.utf8.endIndex
            guard value.utf8.distance(from: index, to: end) == 2,
                let decoded = UInt8(String(decoding: value.utf8[index..<end], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(decoded)
            index = end
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
