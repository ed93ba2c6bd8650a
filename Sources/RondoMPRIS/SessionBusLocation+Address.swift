/// The session bus's address as sd-bus finds it (`sd_bus_open_user`), read from an
/// environment given rather than the process's own.
extension SessionBusLocation {
    /// `DBUS_SESSION_BUS_ADDRESS`, else the `bus` socket in `XDG_RUNTIME_DIR`; `nil` when the
    /// environment names no bus.
    static func address(environment: [String: String]) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"] { return address.isEmpty ? nil : address }
        guard let directory = environment["XDG_RUNTIME_DIR"], directory.hasPrefix("/") else { return nil }
        return "unix:path=" + escape(directory + "/bus")
    }

    /// A D-Bus address value: bytes other than `[-0-9A-Za-z_/.\*]` as `%XX`.
    private static func escape(_ value: String) -> String {
        let plain = Set("-_/.\\*".utf8)
        var escaped = ""
        for byte in value.utf8 {
            let isAlphanumeric =
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            if isAlphanumeric || plain.contains(byte) {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return escaped
    }
}
