import CSDBus

/// Reading the replies and signals of other programs' players and of the bus itself.
extension BusMessage {
    /// The name of `PlaybackStatus`, the one property read.
    static let playbackStatus = "PlaybackStatus"

    /// What a `PropertiesChanged` says of `PlaybackStatus`.
    enum StatusChange: Equatable {
        /// Its new value.
        case changed(String)
        /// Invalidated: it changed, to a value not given.
        case invalidated
    }

    /// Reads a `u`.
    static func readUInt32(_ message: OpaquePointer) -> UInt32? {
        var number: UInt32 = 0
        return sd_bus_message_read_basic(message, code("u"), &number) > 0 ? number : nil
    }

    /// Reads an `as`.
    static func readStrings(_ message: OpaquePointer) -> [String]? {
        guard sd_bus_message_enter_container(message, code("a"), "s") > 0 else { return nil }
        var strings: [String] = []
        while let string = readString(message, code: code("s")) { strings.append(string) }
        return sd_bus_message_exit_container(message) >= 0 ? strings : nil
    }

    /// Reads a variant holding a string (a `Get` of a string property); `nil` when the next
    /// value is not one.
    static func readVariantString(_ message: OpaquePointer) -> String? {
        guard sd_bus_message_enter_container(message, code("v"), "s") > 0 else { return nil }
        let string = readString(message, code: code("s"))
        return sd_bus_message_exit_container(message) >= 0 ? string : nil
    }

    /// What a `PropertiesChanged(s interface, a{sv} changed, as invalidated)` signal of the
    /// MPRIS player interface says of `PlaybackStatus`; `nil` when it does not name it, or
    /// is not such a signal.
    static func statusChange(in signal: OpaquePointer) -> StatusChange? {
        guard readString(signal, code: code("s")) == "org.mpris.MediaPlayer2.Player",
            sd_bus_message_enter_container(signal, code("a"), "{sv}") > 0
        else { return nil }
        var change: StatusChange?
        while sd_bus_message_enter_container(signal, code("e"), "sv") > 0 {
            guard let key = readString(signal, code: code("s")) else { return nil }
            if key == playbackStatus, let status = readVariantString(signal) {
                change = .changed(status)
            } else if key == playbackStatus {
                // A status that is not a string: changed, to something unreadable.
                change = .invalidated
                guard sd_bus_message_skip(signal, "v") >= 0 else { return nil }
            } else {
                guard sd_bus_message_skip(signal, "v") >= 0 else { return nil }
            }
            guard sd_bus_message_exit_container(signal) >= 0 else { return nil }
        }
        guard sd_bus_message_exit_container(signal) >= 0 else { return nil }
        if change == nil, readStrings(signal)?.contains(playbackStatus) == true { change = .invalidated }
        return change
    }
}
