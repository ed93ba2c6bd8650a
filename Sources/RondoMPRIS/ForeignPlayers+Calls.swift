import CSDBus
import Glibc

/// Calls on the players' thread that do not wait: each reply is handed to its handler when
/// `sd_bus_process` reads it, so one slow player never holds up the others.
extension ForeignPlayers {
    /// The bus daemon, which answers at once.
    static let busDaemon = "org.freedesktop.DBus"

    /// Calls `member` of the bus daemon with one string argument (or none).
    func callBusDaemon(_ member: String, argument: String? = nil, then handler: @escaping (BusReply) -> Void) {
        call(
            Self.busDaemon, path: "/org/freedesktop/DBus", interface: Self.busDaemon, member: member,
            arguments: argument.map { [.string($0)] } ?? [], timeout: 1, then: handler)
    }

    /// Calls `member` of `interface` at `destination` and `path`; `handler` runs once, on
    /// this thread, with the reply, an error, or a failure to send (at once, then).
    func call(
        _ destination: String, path: String, interface: String, member: String, arguments: [MPRISValue] = [],
        timeout: Double, then handler: @escaping (BusReply) -> Void
    ) {
        guard let bus else { return handler(.failure("no session bus")) }
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, destination, path, interface, member)
        guard result >= 0, let message else { return handler(.failure(String(cString: strerror(-result)))) }
        defer { sd_bus_message_unref(message) }
        for argument in arguments where result >= 0 { result = BusMessage.append(argument, to: message) }
        if result >= 0 {
            result = sd_bus_call_async(
                bus, nil, message, foreignPlayersReply, Unmanaged.passUnretained(self).toOpaque(), UInt64(timeout * 1_000_000))
        }
        var cookie: UInt64 = 0
        if result >= 0 { result = sd_bus_message_get_cookie(message, &cookie) }
        guard result >= 0 else { return handler(.failure(String(cString: strerror(-result)))) }
        pendingCalls[cookie] = handler
    }

    /// Hands a reply (or sd-bus's error for a timeout) to its call's handler.
    func replied(_ message: OpaquePointer) {
        var cookie: UInt64 = 0
        guard sd_bus_message_get_reply_cookie(message, &cookie) >= 0,
            let handler = pendingCalls.removeValue(forKey: cookie)
        else { return }
        if sd_bus_message_is_method_error(message, nil) != 0 {
            handler(.failure(sd_bus_message_get_error(message)?.pointee.name.map { String(cString: $0) } ?? "an error"))
        } else {
            handler(.message(message))
        }
    }

    /// A player announced its properties: what it says of `PlaybackStatus` goes to the ledger.
    func signalled(_ message: OpaquePointer) {
        guard let sender = sd_bus_message_get_sender(message), let change = BusMessage.statusChange(in: message) else { return }
        let status: String? =
            switch change {
            case .changed(let status): status
            case .invalidated: nil
            }
        perform(ledger.statusChanged(owner: String(cString: sender), to: status))
    }
}

func foreignPlayersReply(
    _ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let message, let context else { return 0 }
    Unmanaged<ForeignPlayers>.fromOpaque(context).takeUnretainedValue().replied(message)
    return 0
}

func foreignPlayersSignal(
    _ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let message, let context else { return 0 }
    Unmanaged<ForeignPlayers>.fromOpaque(context).takeUnretainedValue().signalled(message)
    return 0
}
