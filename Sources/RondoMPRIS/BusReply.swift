/// The answer to a method call Rondo made: the reply, readable only while its handler runs,
/// or the name of the error (sd-bus's own for a timeout or a lost connection).
enum BusReply {
    /// The method's return message (`sd_bus_message *`).
    case message(OpaquePointer)
    /// The D-Bus error name, or why the call was never answered.
    case failure(String)
}
